import { swissLocale } from './swiss-locale';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
/** Bytes and kilobytes read best whole ("12 KB"); from megabytes on one decimal tells files apart ("28.6 MB"). */
const DECIMALS: Record<(typeof UNITS)[number], number> = { B: 0, KB: 0, MB: 1, GB: 1, TB: 1 };

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}/${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format;
}

/**
 * A file size as every list of the app shows it (docs/decisions/0009-one-file-size-format.md): units B to TB, base 1024 (part 1 §9),
 * in the number format of the interface language as written in Switzerland ("28.6 MB", "28,6 MB"
 * in French). The number and its unit are joined by a no-break space, so a narrow screen never
 * separates them. A size that rounds up to 1024 of its unit is shown in the next ("1 MB", never
 * "1024 KB"). `rounding: 'up'` is for a size refused as over a limit (it must read as more than it).
 */
export function formatFileSize(bytes: number, language: string, rounding: 'nearest' | 'up' = 'nearest'): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const factor = 10 ** DECIMALS[UNITS[unit]!];
  if (Math.round(value * factor) / factor >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const name = UNITS[unit]!;
  // 'up' for a size over a limit: 50 MB and one byte reads "50.1 MB", never the "50 MB" it broke.
  if (rounding === 'up') value = Math.ceil(value * 10 ** DECIMALS[name]) / 10 ** DECIMALS[name];
  return `${numberFormat(swissLocale(language), DECIMALS[name]).format(value)}\u00a0${name}`;
}
