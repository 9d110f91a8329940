// The Python that BFCL's multi-turn results are written in: the strings upstream prints for floats, dicts, lists
// and errors, CPython's seeded random numbers, mpmath's and decimal's answers, and argument binding errors. Every
// expected value here was printed by CPython 3.11 (and mpmath 1.3) for the same input.
import { describe, expect, it } from 'vitest';
import { executeCall, InstanceSet } from '../../../main/core/bfcl/multiTurn/executor.ts';
import { float, floatRepr, jsonDumps, PyDict, pyEquals, repr, PySet } from '../../../main/core/bfcl/multiTurn/py.ts';
import { decimalSqrt, mpfLogQuotient, pyRound } from '../../../main/core/bfcl/multiTurn/pyNumeric.ts';
import { parseJsonPy } from '../../../main/core/bfcl/multiTurn/pyParse.ts';
import { PyRandom } from '../../../main/core/bfcl/multiTurn/pyRandom.ts';
import { MathApi } from '../../../main/core/bfcl/multiTurn/simulators/mathApi.ts';
import { missingFromMultiset } from '../../../main/core/bfcl/multiTurn/checker.ts';
import { fcCallString } from '../../../main/core/bfcl/multiTurn/decode.ts';

describe('Python values', () => {
  it('prints floats as repr does: shortest digits, exponent below 1e-4 and from 1e16', () => {
    expect([5, 700, 1e16, 1e15, 1e-6, 0.0001, 0.00001, 113.56230000000001, -0, 2.5e-7, 1.5e300].map(floatRepr)).toEqual([
      '5.0',
      '700.0',
      '1e+16',
      '1000000000000000.0',
      '1e-06',
      '0.0001',
      '1e-05',
      '113.56230000000001',
      '-0.0',
      '2.5e-07',
      '1.5e+300',
    ]);
  });

  it('dumps dicts as json.dumps does: insertion order whatever the keys, ASCII escapes, int keys as strings', () => {
    const d = new PyDict([
      ['12446', 1],
      ['12345', float(2)],
      [7, 'it’s\u007f😀'],
      ['nested', [true, null, float(1e-7)]],
    ]);
    expect(jsonDumps(d)).toBe('{"12446": 1, "12345": 2.0, "7": "it\\u2019s\\u007f\\ud83d\\ude00", "nested": [true, null, 1e-07]}');
    expect(repr(d)).toBe("{'12446': 1, '12345': 2.0, 7: 'it’s\\x7f😀', 'nested': [True, None, 1e-07]}");
    expect(() => jsonDumps(new PyDict([['ids', new PySet([1])]]))).toThrow('Object of type set is not JSON serializable');
  });

  it('quotes strings as repr does', () => {
    expect([`it's`, `say "hi"`, `both ' and "`, 'tab\tnew\nline'].map(repr)).toEqual([`"it's"`, `'say "hi"'`, `'both \\' and "'`, "'tab\\tnew\\nline'"]);
  });

  it('compares as Python ==: 1 == 1.0 == True, dicts without order, lists with it', () => {
    expect(pyEquals(1, float(1))).toBe(true);
    expect(pyEquals(true, 1)).toBe(true);
    expect(
      pyEquals(
        new PyDict([
          ['a', 1],
          ['b', 2],
        ]),
        new PyDict([
          ['b', 2],
          ['a', float(1)],
        ]),
      ),
    ).toBe(true);
    expect(pyEquals([1, 2], [2, 1])).toBe(false);
    expect(pyEquals('1', 1)).toBe(false);
    const keys = new PyDict([[1, 'int']]);
    keys.set(float(1), 'float');
    expect(keys.items()).toEqual([[1, 'float']]);
  });

  it('reads JSON keeping key order and the difference between 5 and 5.0', () => {
    const v = parseJsonPy('{"2": 5, "1": 5.0, "x": [1e-06, -3]}') as PyDict;
    expect(v.keys()).toEqual(['2', '1', 'x']);
    expect(repr(v)).toBe("{'2': 5, '1': 5.0, 'x': [1e-06, -3]}");
  });
});

describe('CPython random.Random', () => {
  it('draws the numbers CPython draws for the simulators’ seeds', () => {
    const messages = new PyRandom(200191);
    expect([messages.randint(10000, 99999), messages.randint(10000, 99999), messages.randint(10000, 99999)]).toEqual([67410, 41772, 24547]);
    const travel = new PyRandom(141053);
    expect(travel.uniform(-10, 40)).toBe(36.63485703790535);
    expect(travel.randint(100000000000, 999999999999)).toBe(391310425148);
    expect(travel.random()).toBe(0.37092346839795565);
    expect(new PyRandom(9876543210123).randint(0, 100)).toBe(100);
  });
});

describe('MathAPI numbers beyond doubles', () => {
  it('answers logarithm as mpmath prints it at the asked precision', () => {
    expect(mpfLogQuotient(float(36), float(6), 4).reprText).toBe("mpf('2.0')");
    expect(mpfLogQuotient(20, 10, 2).reprText).toBe("mpf('1.3027')");
    expect(mpfLogQuotient(float(630), 10, 5).reprText).toBe("mpf('2.7993393')");
    expect(mpfLogQuotient(float(980), 20, 10).reprText).toBe("mpf('2.299121531134')");
  });

  it('answers square_root as decimal prints it, and rounds half to even', () => {
    expect(
      [decimalSqrt(16, 10), decimalSqrt(float(2), 10), decimalSqrt(float(2.25), 5), decimalSqrt(float(0.1), 20), decimalSqrt(1000000, 3)].map(
        (d) => d.reprText,
      ),
    ).toEqual(["Decimal('4')", "Decimal('1.414213562')", "Decimal('1.5')", "Decimal('0.31622776601683794198')", "Decimal('1.00E+3')"]);
    expect([pyRound(float(2.5), 0), pyRound(float(2.675), 2), pyRound(float(3.14159), 3), pyRound(7, 0)].map(repr)).toEqual(['2.0', '2.67', '3.142', '7']);
  });
});

describe('executing call strings', () => {
  const math = (): InstanceSet => new InstanceSet([new MathApi()], 'kopa_eval_multi_turn_base_0');

  it('answers as upstream’s eval does: positional and keyword arguments, Python errors word for word', () => {
    const set = math();
    expect(executeCall('add(1, b=2.5)', set)).toBe('{"result": 3.5}');
    expect(executeCall('mean([3,16,60])', set)).toBe('{"result": 26.333333333333332}');
    expect(executeCall('add(a=1)', set)).toBe("Error during execution: MathAPI.add() missing 1 required positional argument: 'b'");
    expect(executeCall('add(1, 2, 3)', set)).toBe('Error during execution: MathAPI.add() takes 3 positional arguments but 4 were given');
    expect(executeCall('add(a=1, b=2, c=3)', set)).toBe("Error during execution: MathAPI.add() got an unexpected keyword argument 'c'");
    expect(executeCall('round_number(2.5)', set)).toBe('{"result": 2.0}');
    expect(executeCall('lockDoors(unlock=False)', set)).toBe("Error during execution: name 'lockDoors' is not defined");
    expect(executeCall('exit()', set)).toBe('Error during execution: Function call exit is not allowed.');
    expect(executeCall('add(a=1, b=', set)).toBe('Error during execution: invalid syntax (<string>, line 1)');
    expect(executeCall('logarithm(value=20, base=10, precision=2)', set)).toBe("{'result': mpf('1.3027')}");
    expect(executeCall('len("abc")', set)).toBe('3');
  });

  it('writes a model’s call the way BFCL’s FC decoding does, floats kept', () => {
    expect(fcCallString('fillFuelTank', '{"fuelAmount": 15.0, "note": "it\'s"}')).toBe(`fillFuelTank(fuelAmount=15.0,note="it's")`);
  });
});

describe('response check', () => {
  it('needs each ground-truth result once per occurrence, from any turn so far', () => {
    expect(missingFromMultiset(['a', 'a', 'b'], ['b', 'a', 'c'])).toEqual(['a']);
    expect(missingFromMultiset(['a', 'b'], ['b', 'a'])).toEqual([]);
  });
});
