import { findCategory, type AuditEventSummary } from '@taxli/domain';
import { toCsv } from '../../lib/csv.js';
import { categoryFolder, safeName, uniqueNamesIn, withSuffix } from '../../lib/zip-names.js';
import type { YearVersion } from '../files/files.service.js';

/** A version of the person's documents and its path in the export. */
export interface ExportedVersion {
  version: YearVersion;
  /** 'documents/2025/05 Salary Statement/lohnausweis (v1).pdf': safe, unique in its folder. */
  path: string;
}

/**
 * Every version of every document, all years: 'documents/<year>/<NN Category>/<name>', names made
 * safe as in the experts' archive (lib/zip-names.ts). A document's latest version keeps the file's
 * name and is named first, so it keeps it when an older one would collide; an older one is
 * 'name (vN).ext'.
 */
export function exportedVersions(versions: YearVersion[]): ExportedVersion[] {
  const latestOf = new Map<number, number>();
  for (const { documentId, version } of versions) latestOf.set(documentId, Math.max(version, latestOf.get(documentId) ?? 0));
  const isLatest = (v: YearVersion) => latestOf.get(v.documentId) === v.version;
  const folders = new Map<string, (name: string) => string>();
  const ordered = [...versions].sort(
    (a, b) => a.taxYear - b.taxYear || a.categoryId - b.categoryId || Number(isLatest(b)) - Number(isLatest(a)) || a.documentId - b.documentId || b.version - a.version,
  );
  return ordered.map((version) => {
    const folder = `documents/${version.taxYear}/${categoryFolder(version.categoryId)}`;
    let unique = folders.get(folder);
    if (!unique) folders.set(folder, (unique = uniqueNamesIn()));
    const name = safeName(version.originalName, `document-${version.documentId}`);
    return { version, path: `${folder}/${unique(isLatest(version) ? name : withSuffix(name, ` (v${version.version})`))}` };
  });
}

/** A version of a prepared return (the experts' PDF, issue 27) and its path in the export. */
export interface ExportedPreparedReturn {
  version: { taxYear: number; version: number; sha256: string; sizeBytes: number; createdAt: Date };
  /** 'prepared-returns/2025/prepared-return-2025-v1.pdf'. */
  path: string;
}

export function exportedPreparedReturns<V extends ExportedPreparedReturn['version']>(versions: V[]): Array<{ version: V; path: string }> {
  return versions.map((version) => ({ version, path: `prepared-returns/${version.taxYear}/prepared-return-${version.taxYear}-v${version.version}.pdf` }));
}

const MANIFEST_COLUMNS = ['kind', 'path', 'originalName', 'taxYear', 'categoryId', 'category', 'version', 'uploadedAt', 'sizeBytes', 'contentType', 'sha256'] as const;
type ManifestRow = Record<(typeof MANIFEST_COLUMNS)[number], string | number | null>;

/** One row of the manifest: a version as stored, and the SHA-256 of its original bytes. */
function documentRow({ version, path }: ExportedVersion): ManifestRow {
  return {
    kind: 'document',
    path,
    originalName: version.originalName,
    taxYear: version.taxYear,
    categoryId: version.categoryId,
    category: findCategory(version.categoryId)?.name ?? null,
    version: version.version,
    uploadedAt: version.createdAt.toISOString(),
    sizeBytes: version.sizeBytes,
    contentType: version.contentType,
    sha256: version.sha256,
  };
}

function preparedReturnRow({ version, path }: ExportedPreparedReturn): ManifestRow {
  return {
    kind: 'prepared-return',
    path,
    originalName: null,
    taxYear: version.taxYear,
    categoryId: null,
    category: null,
    version: version.version,
    uploadedAt: version.createdAt.toISOString(),
    sizeBytes: version.sizeBytes,
    contentType: 'application/pdf',
    sha256: version.sha256,
  };
}

/** manifest.json and manifest.csv: every document version, then every prepared return, in the archive's order. */
export function manifests(documents: ExportedVersion[], preparedReturns: ExportedPreparedReturn[]): { json: unknown; csv: string } {
  const rows = [...documents.map(documentRow), ...preparedReturns.map(preparedReturnRow)];
  return {
    json: { documentVersions: rows.filter((row) => row.kind === 'document'), preparedReturns: rows.filter((row) => row.kind === 'prepared-return') },
    csv: toCsv([...MANIFEST_COLUMNS], rows.map((row) => MANIFEST_COLUMNS.map((key) => row[key]))),
  };
}

/** Who acted, as the person may see it: themself, the system, or a staff role with a pseudonymous id. */
export type ActorShown = { by: 'you' } | { by: 'system' } | { by: 'user' | 'expert' | 'admin'; id: number };

/**
 * The audit trail about the person: who did what with their data, and when (ids and counts only).
 * What the person did to others (a staff member's work, an administrator's) shows what and when
 * only: its details name other accounts.
 */
export function auditShown(personId: number, events: AuditEventSummary[], roleOf: RoleOf) {
  return events.map((event) => {
    const actor = actorShown(personId, event.actorUserId, roleOf) ?? { by: 'system' as const };
    return { at: event.at, action: event.action, outcome: event.outcome, actor, details: event.subjectUserId === personId ? event.details : null };
  });
}

type RoleOf = (userId: number) => 'user' | 'expert' | 'admin' | undefined;

/** An account as the person's export names it (audit.json, expert-work.json); null for none. */
export function actorShown(personId: number, userId: number | null, roleOf: RoleOf): ActorShown | null {
  if (userId === null) return null;
  return userId === personId ? { by: 'you' } : { by: roleOf(userId) ?? 'user', id: userId };
}

/** A JSON file of the export: indented, so that a person can read it in any text editor. */
export const jsonFile = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
