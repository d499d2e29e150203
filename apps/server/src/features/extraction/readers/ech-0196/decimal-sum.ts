/**
 * Exact sums of the decimal strings a statement writes ("1234.50", "-0.3", "+7"): a float would
 * change a franc amount, so the digits are added as whole numbers (BigInt) at the largest scale.
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

interface ScaledDecimal {
  units: bigint;
  scale: number;
}

function parseDecimal(value: string): ScaledDecimal {
  const match = DECIMAL.exec(value.trim());
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) throw new Error('not a decimal number');
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function formatDecimal({ units, scale }: ScaledDecimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The exact sum, written with as many decimals as the most precise term ("0" for no terms). */
export function sumDecimals(values: readonly string[]): string {
  const parsed = values.map(parseDecimal);
  const scale = Math.max(0, ...parsed.map((value) => value.scale));
  const units = parsed.reduce((total, value) => total + value.units * 10n ** BigInt(scale - value.scale), 0n);
  return formatDecimal({ units, scale });
}
