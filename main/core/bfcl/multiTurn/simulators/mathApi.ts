// BFCL's MathAPI: stateless arithmetic whose answers are what Python computes, types included (mean of ints is a
// float, round() keeps an int an int, logarithm answers an mpmath mpf and square_root a Decimal).
import { abs, add, float, isNumber, iter, len, lt, mul, num, PyDict, PyError, PyFloat, str, sub, truediv, truthy, type Py } from '../py.ts';
import { decimalSqrt, mpfLogQuotient, pyRound } from '../pyNumeric.ts';
import { method, Simulator, type Method } from '../simulator.ts';

const result = (value: Py): PyDict => PyDict.of({ result: value });
const error = (message: string): PyDict => PyDict.of({ error: message });

/** Runs `body`, answering `message` when Python would raise a TypeError. */
function orTypeError(message: string, body: () => Py): Py {
  try {
    return body();
  } catch (e) {
    if (e instanceof PyError && e.pyType === 'TypeError') return error(message);
    throw e;
  }
}

/** `sum(numbers)`: left to right from the int 0, as CPython 3.11 adds. */
function pySum(numbers: Py): Py {
  return iter(numbers).reduce<Py>((acc, x) => add(acc, x), 0);
}

function minMax(numbers: Py, pick: (a: Py, b: Py) => boolean): Py {
  const items = iter(numbers);
  return items.slice(1).reduce<Py>((best, x) => (pick(x, best) ? x : best), items[0]!);
}

const TO_METERS: [string, Py][] = [
  ['km', 1000],
  ['m', 1],
  ['cm', float(0.01)],
  ['mm', float(0.001)],
  ['um', float(1e-6)],
  ['nm', float(1e-9)],
];
const IMPERIAL: Record<string, Py> = {
  cm_to_in: float(0.393701),
  in_to_cm: float(2.54),
  m_to_ft: float(3.28084),
  ft_to_m: float(0.3048),
  m_to_yd: float(1.09361),
  yd_to_m: float(0.9144),
  km_to_miles: float(0.621371),
  miles_to_km: float(1.60934),
  kg_to_lb: float(2.20462),
  lb_to_kg: float(0.453592),
  celsius_to_fahrenheit: float(1.8),
  fahrenheit_to_celsius: float(5 / 9),
};
const isRealNumber = (v: Py): boolean => typeof v === 'number' || v instanceof PyFloat || typeof v === 'boolean';

export class MathApi extends Simulator {
  readonly className = 'MathAPI';
  override readonly stateless = true;
  readonly methods: Record<string, Method> = {
    logarithm: method(['value', 'base', 'precision'], (value, base, precision) => {
      try {
        return result(mpfLogQuotient(value!, base!, precision!));
      } catch (e) {
        if (e instanceof PyError) return error(e.message);
        throw e;
      }
    }),
    mean: method(['numbers'], (numbers) =>
      !truthy(numbers!)
        ? error('Cannot calculate mean of an empty list')
        : orTypeError('All elements in the list must be numbers', () => result(truediv(pySum(numbers!), len(numbers!)))),
    ),
    standard_deviation: method(['numbers'], (numbers) => {
      if (!truthy(numbers!)) return error('Cannot calculate standard deviation of an empty list');
      return orTypeError('All elements in the list must be numbers', () => {
        const mean = truediv(pySum(numbers!), len(numbers!));
        const variance = truediv(
          iter(numbers!).reduce<Py>((acc, x) => {
            const d = sub(x, mean);
            return add(acc, mul(d, d));
          }, 0),
          len(numbers!),
        );
        return result(float(Math.sqrt(num(variance)!)));
      });
    }),
    si_unit_conversion: method(['value', 'unit_in', 'unit_out'], (value, unitIn, unitOut) => {
      if (!isRealNumber(value!)) return error('Value must be a number');
      const to = new PyDict(TO_METERS);
      if (!to.has(unitIn!) || !to.has(unitOut!)) return error(`Conversion from '${str(unitIn!)}' to '${str(unitOut!)}' is not supported`);
      return result(mul(mul(value!, to.get(unitIn!)!), truediv(1, to.get(unitOut!)!)));
    }),
    imperial_si_conversion: method(['value', 'unit_in', 'unit_out'], (value, unitIn, unitOut) => {
      if (!isRealNumber(value!)) return error('Value must be a number');
      if (unitIn === unitOut) return result(value!);
      const key = `${str(unitIn!)}_to_${str(unitOut!)}`;
      const factor = IMPERIAL[key];
      if (factor === undefined) return error(`Conversion from '${str(unitIn!)}' to '${str(unitOut!)}' is not supported`);
      if (unitIn === 'celsius' && unitOut === 'fahrenheit') return result(add(mul(value!, factor), 32));
      if (unitIn === 'fahrenheit' && unitOut === 'celsius') return result(mul(sub(value!, 32), factor));
      return result(mul(value!, factor));
    }),
    add: method(['a', 'b'], (a, b) => orTypeError('Both inputs must be numbers', () => result(add(a!, b!)))),
    subtract: method(['a', 'b'], (a, b) => orTypeError('Both inputs must be numbers', () => result(sub(a!, b!)))),
    multiply: method(['a', 'b'], (a, b) => (!isRealNumber(a!) || !isRealNumber(b!) ? error('Both inputs must be numbers') : result(mul(a!, b!)))),
    divide: method(['a', 'b'], (a, b) =>
      orTypeError('Both inputs must be numbers', () => {
        if (isNumber(b!) && num(b!) === 0) return error('Cannot divide by zero');
        return result(truediv(a!, b!));
      }),
    ),
    power: method(['base', 'exponent'], (base, exponent) =>
      orTypeError('Both inputs must be numbers', () => {
        const x = num(base!);
        const y = num(exponent!);
        if (x === undefined || y === undefined) throw new PyError('TypeError', 'unsupported operand');
        const ints = !(base instanceof PyFloat) && !(exponent instanceof PyFloat) && y >= 0;
        return result(ints ? x ** y : float(x ** y));
      }),
    ),
    square_root: method(['number', 'precision'], (number, precision) => {
      try {
        if (lt(number!, 0)) return error('Cannot calculate square root of a negative number');
        return result(decimalSqrt(number!, precision!));
      } catch (e) {
        if (e instanceof PyError && (e.pyType === 'TypeError' || e.pyType === 'ValueError'))
          return error('Input must be a number or computation resulted in an invalid operation');
        throw e;
      }
    }),
    absolute_value: method(['number'], (number) => orTypeError('Input must be a number', () => result(abs(number!)))),
    round_number: method(['number', ['decimal_places', 0]], (number, places) =>
      orTypeError('First input must be a number, second input must be an integer', () => result(pyRound(number!, places!))),
    ),
    percentage: method(['part', 'whole'], (part, whole) =>
      orTypeError('Both inputs must be numbers', () => {
        if (isNumber(whole!) && num(whole!) === 0) return error('Whole value cannot be zero');
        return result(mul(truediv(part!, whole!), 100));
      }),
    ),
    min_value: method(['numbers'], (numbers) =>
      !truthy(numbers!)
        ? error('Cannot find minimum of an empty list')
        : orTypeError('All elements in the list must be numbers', () => result(minMax(numbers!, lt))),
    ),
    max_value: method(['numbers'], (numbers) =>
      !truthy(numbers!)
        ? error('Cannot find maximum of an empty list')
        : orTypeError('All elements in the list must be numbers', () => result(minMax(numbers!, (a, b) => lt(b, a)))),
    ),
    sum_values: method(['numbers'], (numbers) =>
      !truthy(numbers!)
        ? error('Cannot calculate sum of an empty list')
        : orTypeError('All elements in the list must be numbers', () => result(pySum(numbers!))),
    ),
  };

  publicState(): [string, Py][] {
    return [];
  }
}
