/** A money value as an event carries it (a number) or as PostgreSQL returns numeric (text). */
export type Money = number | string;

/**
 * a + b as PostgreSQL stores it in a numeric(12, 2) column: exact decimal arithmetic, rounded half away from zero
 * to cents (binary floating point would drift: 0.1 + 0.2). Text PostgreSQL would not read as a number is refused.
 */
export function addMoney(a: Money, b: Money): string {
  const x = decimal(a);
  const y = decimal(b);
  const scale = Math.max(x.scale, y.scale, 2);
  const sum = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
  const divisor = 10n ** BigInt(scale - 2);
  const magnitude = sum < 0n ? -sum : sum;
  let cents = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  return `${sum < 0n && cents > 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function decimal(value: Money): { units: bigint; scale: number } {
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match || !(match[2] || match[3])) throw new Error(`invalid input syntax for type numeric: "${text}"`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}
