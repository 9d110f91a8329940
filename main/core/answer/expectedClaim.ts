// The claim a perfect answer commits to: the expected value in the typed form the answer tool's schema asks for
// (a date as YYYY-MM-DD, a time as HH:MM, a number with its unit). The oracle answers with it, synthesized
// trajectories end with it in every export format, and the reward audit's golden completion carries it.
import type { AnswerSpec } from '../plan/types.ts';
import type { Claim } from './claim.ts';
import { answerShape, type MemberKind } from './shape.ts';

/** The reason a perfect answer gives when it declines. */
export const DECLINE_REASON = '요청하신 정보는 제공되는 자료나 도구로 확인할 수 없습니다.';

const asDate = (v: string): string => (/^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : v);
const asTime = (v: string): string => (/^\d{4}$/.test(v) ? `${v.slice(0, 2)}:${v.slice(2)}` : v);

function member(kind: MemberKind, value: unknown): string | number {
  if (typeof value === 'number') return value;
  const text = String(value);
  return kind === 'date' ? asDate(text) : kind === 'time' ? asTime(text) : text;
}

/** The expected value as the answer tool commits it. */
export function expectedClaim(spec: AnswerSpec, expected: unknown, unit?: string): Claim {
  const shape = answerShape(spec, expected);
  switch (shape.kind) {
    case 'decline':
      return { kind: 'decline', reason: DECLINE_REASON };
    case 'yesno':
      return { kind: 'yesno', value: typeof expected === 'string' ? /^(y|yes|true|01|1)$/i.test(expected.trim()) : Boolean(expected) };
    case 'list':
      return { kind: 'list', values: shape.values.map((v, i) => member(shape.members[i]!, v)) };
    case 'single':
      switch (shape.member) {
        case 'number':
          return { kind: 'number', value: Number(expected), ...(unit ? { unit } : {}) };
        case 'date':
          return { kind: 'date', value: asDate(String(expected)) };
        case 'time':
          return { kind: 'time', value: asTime(String(expected)) };
        case 'timeRange':
          return { kind: 'text', value: String(expected) };
        case 'text':
          return { kind: 'name', value: String(expected) };
      }
  }
}
