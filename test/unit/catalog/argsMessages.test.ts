// What a person (and a model) reads when arguments do not fit a tool: the format in words with the parameter's
// description and an example, never a regular expression or ajv's phrasing, in English for models and programs and
// in the reader's language for the command line and the window.
import { describe, expect, it } from 'vitest';
import { compileArgsValidator, createSchemaAjv, type ArgsViolation } from '../../../main/core/catalog/argsValidator.ts';
import { sayViolation } from '../../../main/core/catalog/sayViolation.ts';
import type { ParametersSchema } from '../../../main/core/catalog/types.ts';

const schema = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 5, description: '시군구 코드' },
    ymd: { type: 'string', pattern: '^\\d{8}$', description: '날짜 YYYYMMDD' },
    day: { type: 'string', format: 'date' },
    rows: { type: 'integer', maximum: 1000 },
    kind: { type: 'string', enum: ['A', 'B'] },
  },
  required: ['ymd'],
  additionalProperties: false,
} as unknown as ParametersSchema;

function violations(args: unknown): ArgsViolation[] {
  const checked = compileArgsValidator(createSchemaAjv(), schema, [{ args: { ymd: '20261201' } }]).check(args);
  if (checked.ok) throw new Error('expected violations');
  return checked.violations;
}

describe('argument violations', () => {
  it('say each problem once, in words, with the documented form and an example', () => {
    const found = violations({ code: '1168010100', day: 'x', rows: 5000, kind: 'C', extra: 1 });
    const byPath = Object.fromEntries(found.map((v) => [v.path, v.message]));
    expect(byPath).toEqual({
      '/ymd': 'is required',
      '/code': 'must be at most 5 characters (시군구 코드)',
      '/day': 'must be a valid date',
      '/rows': 'must be at most 1000',
      '/kind': 'must be one of "A", "B"',
      '/extra': 'is not a parameter of this tool',
    });
    expect(violations({ ymd: '2026-12-01' })[0]!.message).toBe('must be 8 digits (날짜 YYYYMMDD), e.g. 20261201');
  });

  it('read in Korean from the same catalogue words', () => {
    const say = (args: unknown): string[] =>
      violations(args)
        .map((v) => `${v.path} ${sayViolation('ko', v)}`)
        .sort();
    expect(say({ ymd: '2026-12-01', code: '1168010100' })).toEqual([
      '/code 5자 이하여야 합니다 (시군구 코드)',
      '/ymd 8자리 숫자여야 합니다 (날짜 YYYYMMDD, 예: 20261201)',
    ]);
    expect(say({})).toEqual(['/ymd 꼭 줘야 합니다']);
    expect(sayViolation('ko', { path: '/x', message: 'an English message only' })).toBe('an English message only');
  });
});
