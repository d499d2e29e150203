import { readFileSync } from 'node:fs';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { UnreadableDocument } from '../../reader.js';

/** The project's copies of the standard's schemas (apps/server/schemas/ech-0196, see its README). */
const SCHEMA_FOLDER = new URL('../../../../../schemas/ech-0196/', import.meta.url);
const MAIN_SCHEMA = 'eCH-0196-2-2.xsd';
const IMPORTED_SCHEMAS = ['eCH-0007-6-0.xsd', 'eCH-0008-3-0.xsd', 'eCH-0010-7-0.xsd', 'eCH-0097-4-0.xsd'];

let schemaFiles: { main: XMLFileInfo; imports: XMLFileInfo[] } | undefined;
function loadSchemas() {
  const read = (fileName: string): XMLFileInfo => ({ fileName, contents: readFileSync(new URL(fileName, SCHEMA_FOLDER)) });
  schemaFiles ??= { main: read(MAIN_SCHEMA), imports: IMPORTED_SCHEMAS.map(read) };
  return schemaFiles;
}

/**
 * Validates the statement against eCH-0196 2.2 and its imports with libxml2 (xmllint in
 * WebAssembly, run in its own worker thread). The schemas sit in the worker's in-memory file
 * system, their imports name those files, and `--nonet` forbids any fetch: nothing leaves the
 * process. The first problem is kept (line and message, never the document's values in logs).
 */
export async function validateStatementSchema(xml: string): Promise<void> {
  const { main, imports } = loadSchemas();
  const result = await validateXML({
    xml: [{ fileName: 'statement.xml', contents: xml }],
    schema: [main],
    preload: imports,
    modifyArguments: (args) => ['--nonet', ...args],
  });
  if (result.valid) return;
  const first = result.errors[0];
  const where = first?.loc ? `line ${first.loc.lineNumber}: ` : '';
  const message = first ? withoutValues(first.message) : 'the statement does not follow eCH-0196';
  throw new UnreadableDocument('SCHEMA_INVALID', `${where}${message}`);
}

/** libxml2 quotes the offending value ("The value 'Muster' …"): a name or amount stays out of the detail. */
function withoutValues(message: string): string {
  return message
    .replace(/\bvalue '[^']*'/gi, "value '…'")
    .replace(/'[^']*'(?= is not a valid value)/g, "'…'")
    .replace(/'[^']*'(?= is not accepted)/g, "'…'");
}
