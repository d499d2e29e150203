/**
 * The person's data export (issue 30: nDSG Art. 25 access, Art. 28 portability): free and
 * immediate, but a few a day, since each one decrypts every document the person ever uploaded.
 */
export const ACCOUNT_EXPORTS_PER_DAY = 5;
export const ACCOUNT_EXPORT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 'taxli-export-2026-11-27.zip': the download's name, by the UTC day it was made. */
export function accountExportFileName(madeAt: Date): string {
  return `taxli-export-${madeAt.toISOString().slice(0, 10)}.zip`;
}

