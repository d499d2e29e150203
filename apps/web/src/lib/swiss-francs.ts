import { swissLocale } from './swiss-locale';

/** An amount as documents write it: an optional minus, digits, and an optional fraction ("68000.00"). */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

const formats = new Map<string, Intl.NumberFormat>();
function francs(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * A franc amount the server sends as a decimal string ("68000.00"), written as the interface
 * language writes Swiss francs ("CHF 68'000.00", "68 000.00 CHF"). The string is never turned into
 * a float: the whole francs go through Intl as a BigInt and the fraction is kept digit for digit
 * (at least two, never rounded). Where the currency and the minus go comes from the locale's own
 * pattern. Text that is not a decimal amount is shown as it came, never a crash.
 */
export function formatSwissFrancs(amount: string, language: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, minus, whole = '0', fraction = ''] = match;
  const format = francs(swissLocale(language));
  const negative = minus !== undefined && /[1-9]/.test(whole + fraction);
  const template = format.formatToParts(negative ? -1n : 1n);
  const grouped = format.formatToParts(BigInt(whole)).filter((part) => part.type === 'integer' || part.type === 'group');
  return template
    .flatMap((part) => {
      if (part.type === 'integer') return grouped;
      if (part.type === 'fraction') return [{ ...part, value: fraction.padEnd(2, '0') }];
      return [part];
    })
    .map((part) => part.value)
    .join('');
}
