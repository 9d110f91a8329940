// What kind of answer a task expects, from its answer spec and the expected value: a decline, yes or no, one value,
// or a set of values; and each value's kind, which decides how a claim is read. A number is a number; a text value is
// what the spec says it is (`as`: a date, a clock time, a range of times, or a name), else a date when it is one
// (YYYYMMDD) and a name otherwise. Four digits are never guessed to be a time: bus route 7152 and sunset 1719 look
// alike, so a task says which it means.
import type { AnswerSpec } from '../plan/types.ts';
import { isRealDate } from '../time/kst.ts';

export const memberKinds = ['number', 'date', 'time', 'timeRange', 'text'] as const;
export type MemberKind = (typeof memberKinds)[number];

export type AnswerShape =
  | { kind: 'decline' }
  | { kind: 'yesno' }
  | { kind: 'single'; member: MemberKind }
  | { kind: 'list'; members: MemberKind[]; values: unknown[] };

function memberKind(value: unknown, spec: AnswerSpec): MemberKind {
  if (typeof value === 'number') return 'number';
  if (spec.as) return spec.as;
  const text = String(value).trim();
  if (/^\d{8}$/.test(text) && isRealDate(text)) return 'date';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && isRealDate(text.replace(/-/g, ''))) return 'date';
  if (/^([01]?\d|2[0-3]):[0-5]\d$/.test(text)) return 'time';
  return 'text';
}

export function answerShape(spec: AnswerSpec, expected: unknown): AnswerShape {
  switch (spec.compare) {
    case 'decline':
      return { kind: 'decline' };
    case 'boolean':
      return { kind: 'yesno' };
    case 'number':
      return { kind: 'single', member: 'number' };
    case 'set': {
      const values = Array.isArray(expected) ? expected : [expected];
      return { kind: 'list', members: values.map((v) => memberKind(v, spec)), values };
    }
    default:
      return { kind: 'single', member: memberKind(expected, spec) };
  }
}
