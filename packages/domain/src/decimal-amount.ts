/**
 * Sums of the decimal strings documents write ("68000.00", "-12.5"), exactly: as whole numbers of
 * their smallest unit (BigInt), never through a float. Not a number: throws, so that a figure that
 * is not an amount never slips into a total.
 */
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function parts(value: string): { units: bigint; scale: number } {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error('not a decimal amount');
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`) * (sign === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

/** Whether `value` is a decimal amount sumAmounts accepts. */
export const isDecimalAmount = (value: string): boolean => DECIMAL.test(value.trim());

/** The exact sum, with as many decimals as the most precise term (at least two: francs and centimes). */
export function sumAmounts(values: readonly string[]): string {
  const terms = values.map(parts);
  const scale = Math.max(2, ...terms.map((term) => term.scale));
  const total = terms.reduce((sum, term) => sum + term.units * 10n ** BigInt(scale - term.scale), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
