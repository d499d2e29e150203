// Reading an eCH-0196 e-tax statement (issue 29): a statement PDF with its XML attached, read
// whole (pdfjs, schema validation in xmllint-wasm, mapping), and the barcode payload path from
// segments on (assembly, inflate, validation, mapping; decoding the PDF417 images is the barcode
// reader's and not in here). Runs on the built server: `npm run build`, then
// `node scripts/bench/ech-0196-read.mjs`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const dist = new URL('../../apps/server/dist/features/extraction/', import.meta.url);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => Math.round(ms);

export async function measureEch0196Read({ rounds = 15 } = {}) {
  const { readEch0196 } = await import(new URL('readers/ech-0196/read-ech-0196.js', dist).href);
  const { readStatementXml } = await import(new URL('readers/ech-0196/read-statement-xml.js', dist).href);
  const { assembleStatement } = await import(new URL('readers/ech-0196/assemble-statement.js', dist).href);
  const { inflatePayload } = await import(new URL('readers/ech-0196/inflate-payload.js', dist).href);
  const { validateStatementSchema } = await import(new URL('readers/ech-0196/validate-statement-schema.js', dist).href);
  const documents = await import(new URL('test-documents/ech-0196.js', dist).href);

  const xml = documents.buildStatementXml();
  const pdf = await documents.buildStatementPdf([{ fileName: 'steuerauszug.xml', xml }]);
  const symbols = documents.splitIntoSymbols(documents.compressStatement(xml));
  const input = { bytes: pdf, contentType: 'application/pdf', fileName: 'steuerauszug.pdf' };

  const time = async (run) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  const firstReadMs = await time(() => readEch0196(input)); // cold: pdfjs and the wasm loaded once
  const attachment = [];
  const payload = [];
  const schema = [];
  for (let round = 0; round < rounds; round += 1) {
    attachment.push(await time(() => readEch0196(input)));
    payload.push(await time(() => readStatementXml(inflatePayload(assembleStatement(symbols)))));
    schema.push(await time(() => validateStatementSchema(xml)));
  }
  return {
    rounds,
    xmlBytes: Buffer.byteLength(xml),
    segments: symbols.length,
    firstReadMs: round(firstReadMs),
    attachmentMs: round(median(attachment)),
    payloadMs: round(median(payload)),
    schemaMs: round(median(schema)),
  };
}

export function printEch0196Figures(result) {
  console.log(`\neCH-0196 statement read (${result.xmlBytes} bytes of XML, ${result.segments} barcode segments; medians of ${result.rounds} rounds)`);
  console.log(`  PDF with the XML attached, read whole: ${result.attachmentMs} ms (first read in the process ${result.firstReadMs} ms; goal ≤ 2000, ${result.attachmentMs <= 2000 ? 'goal met' : 'BELOW GOAL'})`);
  console.log(`  barcode payload from segments to figures: ${result.payloadMs} ms, of which schema validation alone ${result.schemaMs} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printEch0196Figures(await measureEch0196Read());
