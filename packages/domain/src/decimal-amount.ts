/**
 * Sums of the decimal strings documents write ("68000.00", "-12.5", ".5": xs:decimal's forms),
 * exactly: as whole numbers of their smallest unit (BigInt), never through a float. Not a number:
 * throws, so that a figure that is not an amount never slips into a total.
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function parts(value: string): { units: bigint; scale: number } {
  const match = DECIMAL.exec(value.trim());
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) throw new Error('not a decimal amount');
  const units = BigInt(`${whole || '0'}${fraction}`) * (sign === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

/** Whether `value` is a decimal amount sumAmounts accepts. */
export function isDecimalAmount(value: string): boolean {
  const match = DECIMAL.exec(value.trim());
  return match !== null && (match[2] !== '' || (match[3] ?? '') !== '');
}

/**
 * The exact sum, with as many decimals as the most precise term and at least `minimumDecimals`
 * (two by default: francs and centimes; a reader keeps a document's own precision with 0).
 */
export function sumAmounts(values: readonly string[], { minimumDecimals = 2 } = {}): string {
  const terms = values.map(parts);
  const scale = Math.max(minimumDecimals, ...terms.map((term) => term.scale));
  const total = terms.reduce((sum, term) => sum + term.units * 10n ** BigInt(scale - term.scale), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const fraction = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${fraction}`;
}
