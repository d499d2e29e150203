const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Whether the text is a plain decimal amount ("68000.00", "-12.5"). */
export const isDecimal = (value: string): boolean => DECIMAL.test(value);

/**
 * The exact sum of decimal strings, in as many decimals as the most precise one ("1.50" + "2" =
 * "3.50"): a float would change a franc amount. One amount is returned as written.
 */
export function sumDecimals(values: string[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.length === 1) return values[0];
  const decimals = Math.max(...values.map((value) => value.split('.')[1]?.length ?? 0));
  let total = 0n;
  for (const value of values) {
    const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
    const units = BigInt(whole + fraction.padEnd(decimals, '0'));
    total += value.startsWith('-') ? -units : units;
  }
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(decimals + 1, '0');
  return decimals === 0 ? sign + digits : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
