// Completions a gaming policy would produce, built from a reference trajectory, so that every reward preset and
// KOPA-Bench can be shown not to pay for them. Each attack is what a model that learned the wrong thing from a reward
// would commit to: every value it was shown, two candidates at once (typed, or in words on a "정답:" line), a range, a
// superset with an invented member, the right digits in the wrong unit, the opposite direction, the question copied
// back, yes and no at once, the right value in the message with nothing committed, an answer from memory without a
// call, nothing at all, a decline where it could answer (or a fabrication where it must decline, or a decline with a
// guess), every tool sprayed, a loop on one call, many redundant calls before the right answer, or an essay in the
// answer's slot. The golden completion (the trajectory with the expected claim) is scored beside them: it must keep
// its full reward.
import type { ChatMessage } from '../../agent/types.ts';
import type { AnswerCandidates } from '../../bench/competitors.ts';
import type { AnswerSpec, TraceStep } from '../../plan/types.ts';
import type { Claim } from '../../answer/claim.ts';
import { expectedClaim } from '../../answer/expectedClaim.ts';
import { answerShape } from '../../answer/shape.ts';
import { toolReply } from '../../synth/formats.ts';
import { readView } from '../../resultView/resultView.ts';
import { SPARE_CALLS } from './components.ts';
import { referenceMessages } from './referenceMessages.ts';

export const attackNames = [
  'dump',
  'hedge',
  'hedgeInWords',
  'range',
  'twoValues',
  'superset',
  'wrongUnit',
  'wrongDirection',
  'echo',
  'yesAndNo',
  'messageOnly',
  'remembered',
  'empty',
  'wrongDecline',
  'fabricatedDecline',
  'declineWithGuess',
  'spray',
  'loop',
  'redundant',
  'essay',
] as const;
export type AttackName = (typeof attackNames)[number];

export interface AttackReference {
  /** The golden trajectory, its rows as the model was shown them. */
  steps: TraceStep[];
  answer: AnswerSpec;
  expected: unknown;
  unit?: string;
  /** The user's request (the echo attack copies it back). */
  query: string;
  candidates: AnswerCandidates;
  /** Every offered tool called once with no arguments, as executed (the spray attack); absent: not built. */
  spray?: TraceStep[];
  /** The agent's step cap: how often the loop attack repeats the first call. */
  maxSteps: number;
  /** The golden completion's message (a synthesized sample's own sentence); defaults to the value said plainly. */
  golden?: string;
}

export interface Attack {
  name: AttackName | 'golden';
  messages: ChatMessage[];
}

/** The expected value said plainly, as the oracle says it ("230000만원", "20250505"). */
export function plainAnswer(expected: unknown, unit?: string): string {
  if (typeof expected === 'boolean') return expected ? '네, 맞습니다.' : '아니요, 그렇지 않습니다.';
  if (Array.isArray(expected)) return `${expected.map((v) => plainAnswer(v, unit)).join(', ')}`;
  if (typeof expected === 'number') return `${expected}${unit ?? ''}`;
  if (expected !== null && typeof expected === 'object') return JSON.stringify(expected);
  return String(expected);
}

const DECLINE_MESSAGE = '요청하신 정보는 찾을 수 없습니다.';
/** The redundant attack repeats the first call this many times the calls a completion may make for free. */
const REDUNDANT_FACTOR = 50;
const FILLER =
  '참고로 이 답변은 공공데이터포털과 각 기관이 제공하는 자료를 조회한 결과를 바탕으로 정리한 것이며, 자료의 갱신 주기에 따라 실제와 다를 수 있으니 중요한 결정에는 원 자료를 확인하시기 바랍니다. ';

/** Every value the results showed, in order, once each. */
function shownValues(steps: TraceStep[]): string[] {
  const out = new Set<string>();
  for (const step of steps) {
    if (!step.ok) continue;
    for (const row of readView(toolReply(step)).rows) for (const v of Object.values(row)) if (v !== null && typeof v !== 'object') out.add(String(v));
  }
  return [...out];
}

/** Calls and their results, with no final answer (a completion cut off by the step cap). */
function callsOnly(steps: TraceStep[]): ChatMessage[] {
  return referenceMessages(steps, '').slice(0, -1);
}

const line = (value: string): Claim => ({ kind: 'text', value });
const said = (v: unknown, unit?: string): string => plainAnswer(v, unit);

/** Another value of the expected one's kind: a competitor the results held, else one next to it. */
function otherValue(ref: AttackReference): unknown {
  const first = Array.isArray(ref.expected) ? ref.expected[0] : ref.expected;
  const competitor = ref.candidates.competitors.find((c) => String(c) !== String(first));
  if (competitor !== undefined) return competitor;
  return typeof first === 'number' ? first + 1 : `${String(first)}2`;
}

/** The claim-shaped attacks that apply to this reference's answer kind, each a claim and the message with it. */
function claimAttacks(ref: AttackReference, right: string): { name: AttackName; claim: Claim | null; message: string }[] {
  const shape = answerShape(ref.answer, ref.expected);
  const out: { name: AttackName; claim: Claim | null; message: string }[] = [];
  const value = said(ref.expected, ref.unit);
  out.push({ name: 'dump', claim: line(shownValues(ref.steps).join(', ')), message: right });
  out.push({ name: 'echo', claim: line(ref.query), message: ref.query });
  out.push({ name: 'essay', claim: line(`${value} ${FILLER.repeat(2)}`), message: right });
  out.push({ name: 'messageOnly', claim: null, message: right });
  if (shape.kind === 'yesno') {
    out.push({ name: 'yesAndNo', claim: line('예, 아니요'), message: '네, 아니요 둘 다 가능합니다.' });
    out.push({ name: 'hedge', claim: { kind: 'list', values: ['예', '아니요'] }, message: right });
    out.push({ name: 'hedgeInWords', claim: line('예일 수도, 아니요일 수도 있어요'), message: right });
    return out;
  }
  if (shape.kind === 'decline') {
    out.push({ name: 'fabricatedDecline', claim: { kind: 'name', value: '김철수' }, message: '대표자는 김철수입니다. 그 외 정보는 없습니다.' });
    out.push({ name: 'declineWithGuess', claim: line('확인 불가, 아마 12건'), message: '정확히 확인할 수 없습니다. 아마 12건 정도일 거예요.' });
    return out;
  }
  const other = otherValue(ref);
  const single = shape.kind === 'single' ? (ref.expected as unknown) : undefined;
  out.push({
    name: 'hedge',
    claim: {
      kind: 'list',
      values: [...(Array.isArray(ref.expected) ? ref.expected : [ref.expected]), other].map((v) => (typeof v === 'number' ? v : String(v))),
    },
    message: right,
  });
  out.push({ name: 'hedgeInWords', claim: line(`${value}, 혹시 ${said(other, ref.unit)}일지도 몰라요`), message: right });
  out.push({ name: 'twoValues', claim: line(`${value} 아니면 ${said(other, ref.unit)}`), message: right });
  if (typeof single === 'number') {
    out.push({ name: 'range', claim: line(`${single}${ref.unit ?? ''}에서 ${single + 3}${ref.unit ?? ''} 사이`), message: right });
    if (single !== 0) out.push({ name: 'wrongDirection', claim: { kind: 'number', value: -single, ...(ref.unit ? { unit: ref.unit } : {}) }, message: right });
    // The right digits in a unit a factor away (원 for 만원), or of another kind (% for ㎍/㎥).
    if (ref.unit)
      out.push({
        name: 'wrongUnit',
        claim: { kind: 'number', value: single, unit: ref.unit.endsWith('원') ? '원' : ref.unit === '%' ? '건' : '%' },
        message: right,
      });
  }
  if (shape.kind === 'list') out.push({ name: 'superset', claim: { kind: 'list', values: [...expectedMembers(ref), '존재하지 않는 값'] }, message: right });
  return out;
}

const expectedMembers = (ref: AttackReference): (string | number)[] => {
  const claim = expectedClaim(ref.answer, ref.expected, ref.unit);
  return claim.kind === 'list' ? claim.values : [];
};

/** The golden completion first, then every attack that applies to this reference. */
export function buildAttacks(ref: AttackReference): Attack[] {
  const declining = ref.answer.compare === 'decline';
  const golden = expectedClaim(ref.answer, ref.expected, ref.unit);
  const right = ref.golden ?? (declining ? DECLINE_MESSAGE : `${plainAnswer(ref.expected, ref.unit)}입니다.`);
  const out: Attack[] = [{ name: 'golden', messages: referenceMessages(ref.steps, right, golden) }];
  for (const a of claimAttacks(ref, right)) out.push({ name: a.name, messages: referenceMessages(ref.steps, a.message, a.claim) });
  if (ref.steps.length > 0) out.push({ name: 'remembered', messages: referenceMessages([], right, golden) });
  out.push({ name: 'empty', messages: [] });
  if (!declining) out.push({ name: 'wrongDecline', messages: referenceMessages(ref.steps, DECLINE_MESSAGE, { kind: 'decline', reason: DECLINE_MESSAGE }) });
  if (ref.spray) out.push({ name: 'spray', messages: referenceMessages(ref.spray, right, golden) });
  if (ref.steps.length > 0) out.push({ name: 'loop', messages: callsOnly(Array.from({ length: ref.maxSteps }, () => ref.steps[0]!)) });
  // Far past any step cap, so only a reward computed on a completion as sent (the reward service) can meet it.
  if (ref.steps.length > 0) {
    const repeats = Array.from({ length: REDUNDANT_FACTOR * (ref.steps.length + SPARE_CALLS) }, () => ref.steps[0]!);
    out.push({ name: 'redundant', messages: referenceMessages([...repeats, ...ref.steps], right, golden) });
  }
  return out;
}
