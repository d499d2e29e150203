/** The change log behind the version button, newest first; texts live in login:changelog.entries. */
export interface ChangelogEntry {
  version: string;
  /** ISO date (yyyy-mm-dd) of the release. */
  date: string;
}

export const CHANGELOG: readonly ChangelogEntry[] = [
  { version: '0.33', date: '2025-06-03' },
  { version: '0.32', date: '2025-05-27' },
  { version: '0.31', date: '2025-05-20' },
  { version: '0.30', date: '2025-05-12' },
  { version: '0.29', date: '2025-05-02' },
  { version: '0.28', date: '2025-04-22' },
  { version: '0.27', date: '2025-04-11' },
  { version: '0.26', date: '2025-03-31' },
  { version: '0.25', date: '2025-03-19' },
  { version: '0.24', date: '2025-03-07' },
];

export const CURRENT_VERSION = CHANGELOG[0]!.version;

export function entryKey(entry: ChangelogEntry): string {
  return `changelog.entries.v${entry.version.replace('.', '_')}`;
}

/** A release date in the reader's language; noon UTC so no time zone moves it to another day. */
export function formatReleaseDate(isoDate: string, language: string): string {
  const locale = language === 'gsw' ? 'de-CH' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));
}
