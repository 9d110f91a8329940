// The numbers MathAPI answers with beyond doubles: mpmath's `log(value)/log(base)` at the precision the call asks
// for (printed `mpf('1.3027')`), decimal's `Decimal(x).sqrt()` (printed `Decimal('4')`) and Python's round() with
// ties to even. Values are exact binary fractions (mantissa × 2^exp) in BigInt, rounded to nearest-even where
// the libraries round.
import { float, num, PyError, PyFloat, PyOpaque, typeName, type Py } from './py.ts';

interface Binary {
  man: bigint;
  exp: number;
}

/** The exact value of a Python int or float as man × 2^exp. */
function exact(v: Py): Binary {
  const x = num(v);
  if (x === undefined) throw new PyError('TypeError', `cannot create mpf from ${typeName(v)}`);
  if (Number.isInteger(x)) return { man: BigInt(x), exp: 0 };
  let exp = 0;
  let m = x;
  while (!Number.isInteger(m)) {
    m *= 2;
    exp--;
  }
  return { man: BigInt(m), exp };
}

const bitLength = (n: bigint): number => (n < 0n ? -n : n).toString(2).length;

/** Rounds man × 2^exp to `prec` significant bits, ties to even. */
function roundBits({ man, exp }: Binary, prec: number): Binary {
  const sign = man < 0n ? -1n : 1n;
  let m = man * sign;
  const drop = bitLength(m) - prec;
  if (drop <= 0) return { man: man, exp };
  const half = 1n << BigInt(drop - 1);
  const rest = m & ((1n << BigInt(drop)) - 1n);
  m >>= BigInt(drop);
  if (rest > half || (rest === half && (m & 1n) === 1n)) m += 1n;
  return { man: sign * m, exp: exp + drop };
}

/** atanh(1/k) scaled by 2^w, by its series. */
function atanhInv(k: bigint, w: number): bigint {
  const one = 1n << BigInt(w);
  let power = one / k;
  let sum = power;
  const k2 = k * k;
  for (let n = 3n; power > 0n; n += 2n) {
    power /= k2;
    sum += power / n;
  }
  return sum;
}

/** ln(man × 2^exp) scaled by 2^w (w working bits after the point). */
function lnFixed(v: Binary, w: number): bigint {
  if (v.man <= 0n) throw new PyError('ValueError', 'math domain error');
  const one = 1n << BigInt(w);
  const bits = bitLength(v.man);
  // v = y × 2^(exp + bits - 1) with y in [1, 2), as a w-bit fixed-point number.
  const shift = w - (bits - 1);
  const y = shift >= 0 ? v.man << BigInt(shift) : v.man >> BigInt(-shift);
  const e = BigInt(v.exp + bits - 1);
  const ln2 = 2n * atanhInv(3n, w);
  // ln y = 2 atanh((y - 1) / (y + 1)), summed with the ratio in fixed point.
  const z = ((y - one) << BigInt(w)) / (y + one);
  const z2 = (z * z) >> BigInt(w);
  let term = z;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n += 2n) {
    sum += term / n;
    term = (term * z2) >> BigInt(w);
  }
  return 2n * sum + e * ln2;
}

function fixedToBinary(fixed: bigint, w: number): Binary {
  return { man: fixed, exp: -w };
}

/** man × 2^exp to `digits` significant decimal digits (ties to even): the digits and the decimal exponent. */
function toDecimal(v: Binary, digits: number): { text: string; exp10: number; negative: boolean } {
  const negative = v.man < 0n;
  const m = negative ? -v.man : v.man;
  if (m === 0n) return { text: '0', exp10: 0, negative };
  // Work with the exact rational m × 2^exp = p / q.
  const p = v.exp >= 0 ? m << BigInt(v.exp) : m;
  const q = v.exp >= 0 ? 1n : 1n << BigInt(-v.exp);
  let exp10 = (p / q).toString().length - 1;
  if (p < q) {
    exp10 = -1;
    while (p * 10n ** BigInt(-exp10 - 1) < q) exp10--;
  }
  const scale = digits - 1 - exp10;
  const num = scale >= 0 ? p * 10n ** BigInt(scale) : p;
  const den = scale >= 0 ? q : q * 10n ** BigInt(-scale);
  let n = num / den;
  const rem = num % den;
  if (rem * 2n > den || (rem * 2n === den && (n & 1n) === 1n)) n += 1n;
  let text = n.toString();
  if (text.length > digits) {
    text = text.slice(0, digits);
    exp10++;
  }
  return { text, exp10, negative };
}

const dpsToPrec = (dps: number): number => Math.max(1, Math.round((dps + 1) * 3.3219280948873626));
const precToDps = (prec: number): number => Math.max(1, Math.round(prec / 3.3219280948873626) - 1);

/** mpmath's to_str: fixed notation for moderate exponents, trailing zeros stripped but one kept after the point. */
function mpfText(v: Binary, digits: number): string {
  const { text, exp10, negative } = toDecimal(v, digits);
  const sign = negative ? '-' : '';
  if (exp10 >= -5 && exp10 < digits) {
    let s: string;
    if (exp10 >= 0) s = `${text.slice(0, exp10 + 1).padEnd(exp10 + 1, '0')}.${text.slice(exp10 + 1)}`;
    else s = `0.${'0'.repeat(-exp10 - 1)}${text}`;
    s = s.replace(/0+$/, '');
    return sign + (s.endsWith('.') ? `${s}0` : s);
  }
  let mant = `${text[0]}.${text.slice(1)}`.replace(/0+$/, '');
  if (mant.endsWith('.')) mant += '0';
  return `${sign}${mant}e${exp10 >= 0 ? '+' : ''}${exp10}`;
}

/** `mpmath.mp.dps = precision; mpmath.log(value) / mpmath.log(base)` as the mpf Python prints. */
export function mpfLogQuotient(value: Py, base: Py, precision: Py): PyOpaque {
  const dps = num(precision);
  if (dps === undefined) throw new PyError('TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${typeName(precision)}'`);
  const prec = dpsToPrec(Math.trunc(dps));
  const w = prec + 64;
  const lnValue = roundBits(fixedToBinary(lnFixed(exact(value), w), w), prec);
  const lnBase = roundBits(fixedToBinary(lnFixed(exact(base), w), w), prec);
  if (lnBase.man === 0n) throw new PyError('ZeroDivisionError', '');
  // The quotient to prec bits: enough extra bits that the rounding sees the exact remainder's side.
  const extra = prec + 8;
  const qMan = (lnValue.man << BigInt(extra + bitLength(lnBase.man))) / lnBase.man;
  const remainder = (lnValue.man << BigInt(extra + bitLength(lnBase.man))) % lnBase.man;
  const sticky = remainder === 0n ? 0n : 1n;
  const quotient = roundBits({ man: (qMan << 1n) | sticky, exp: lnValue.exp - lnBase.exp - extra - bitLength(lnBase.man) - 1 }, prec);
  const dpsShown = precToDps(prec);
  const digits = dpsShown === 15 ? 17 : dpsShown + 3;
  return new PyOpaque('mpf', `mpf('${mpfText(quotient, digits)}')`);
}

/** The exact Decimal of a Python int or float (Decimal(2.5) is 25 × 10^-1): coefficient and exponent. */
function decimalOf(v: Binary): { coeff: bigint; exp: number } {
  if (v.exp >= 0) return { coeff: v.man << BigInt(v.exp), exp: 0 };
  let coeff = v.man * 5n ** BigInt(-v.exp);
  let exp = v.exp;
  while (exp < 0 && coeff % 10n === 0n) {
    coeff /= 10n;
    exp++;
  }
  return { coeff, exp };
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** `Decimal(number).sqrt()` with the context precision set to `precision` digits, as its repr. */
export function decimalSqrt(number: Py, precision: Py): PyOpaque {
  const p = num(precision);
  if (p === undefined || !Number.isInteger(p) || precision instanceof PyFloat)
    throw new PyError('TypeError', `'${typeName(precision)}' object cannot be interpreted as an integer`);
  if (p < 1) throw new PyError('ValueError', `valid range for prec is [1, MAX_PREC]`);
  const { coeff, exp } = decimalOf(exact(number));
  if (coeff === 0n) return new PyOpaque('Decimal', `Decimal('${decimalText(0n, Math.floor(exp / 2))}')`);
  // Scale so the integer root carries one or two digits beyond the precision, then round half even.
  const resultExp = Math.floor((exp + coeff.toString().length - 2 * (p + 1)) / 2);
  const shift = exp - 2 * resultExp;
  const scaled = shift >= 0 ? coeff * 10n ** BigInt(shift) : coeff / 10n ** BigInt(-shift);
  const lost = shift < 0 && coeff % 10n ** BigInt(-shift) !== 0n;
  let root = isqrt(scaled);
  const sticky = lost || root * root !== scaled;
  const drop = root.toString().length - p;
  const unit = 10n ** BigInt(drop);
  const rest = root % unit;
  root /= unit;
  const half = unit / 2n;
  if (rest > half || (rest === half && (sticky || (root & 1n) === 1n))) root += 1n;
  const inexact = sticky || rest !== 0n;
  return new PyOpaque('Decimal', `Decimal('${decimalText(root, resultExp + drop, inexact ? undefined : Math.floor(exp / 2))}')`);
}

/** Decimal's str; an exact root is reduced towards the ideal exponent, as the decimal specification says. */
function decimalText(coeff: bigint, exp: number, ideal?: number): string {
  let c = coeff;
  let e = exp;
  if (ideal !== undefined) {
    while (e < ideal && c % 10n === 0n && c !== 0n) {
      c /= 10n;
      e++;
    }
  }
  const digits = c.toString();
  if (e === 0) return digits;
  const adjusted = e + digits.length - 1;
  if (e < 0 && adjusted >= -6) {
    const point = digits.length + e;
    return point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
  }
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${mant}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
}

/** Python's round(number, ndigits): ties to even on the exact binary value; an int stays an int. */
export function pyRound(number: Py, ndigits: Py): Py {
  const x = num(number);
  const d = num(ndigits);
  if (x === undefined) throw new PyError('TypeError', `type ${typeName(number)} doesn't define __round__ method`);
  if (d === undefined || !Number.isInteger(d) || ndigits instanceof PyFloat)
    throw new PyError('TypeError', `'${typeName(ndigits)}' object cannot be interpreted as an integer`);
  if (!(number instanceof PyFloat)) {
    if (d >= 0) return x;
    const unit = 10 ** -d;
    const q = Math.floor(x / unit);
    const r = x - q * unit;
    return (r * 2 > unit || (r * 2 === unit && q % 2 !== 0) ? q + 1 : q) * unit;
  }
  if (!Number.isFinite(x)) return number;
  // Exactly: the binary value times 10^d, rounded half even, then read back as the nearest double.
  const v = exact(number);
  let p = v.exp >= 0 ? v.man << BigInt(v.exp) : v.man;
  let q = v.exp >= 0 ? 1n : 1n << BigInt(-v.exp);
  if (d >= 0) p *= 10n ** BigInt(d);
  else q *= 10n ** BigInt(-d);
  const negative = p < 0n;
  if (negative) p = -p;
  let n = p / q;
  const r = p % q;
  if (r * 2n > q || (r * 2n === q && (n & 1n) === 1n)) n += 1n;
  const value = Number(`${negative ? '-' : ''}${n}e${-d}`);
  return float(value === 0 && negative ? -0 : value);
}
