// Completions a gaming policy would produce, built from a reference trajectory, so that every reward preset and
// KOPA-Bench can be shown not to pay for them. Each attack is what a model that learned the wrong thing from a
// reward would write: list every value it was shown, hedge between two candidates, answer from memory without a
// call, say nothing, decline what it could answer (or answer what it must decline), spray every tool, loop on one
// call, repeat a call many times before answering right, or bury the answer in an essay. The golden completion (the
// trajectory with a plain answer) is scored beside them: it must keep its full reward.
import type { ChatMessage } from '../../agent/types.ts';
import type { AnswerCandidates } from '../../bench/competitors.ts';
import type { AnswerSpec, TraceStep } from '../../plan/types.ts';
import { toolReply } from '../../synth/formats.ts';
import { readView } from '../../resultView/resultView.ts';
import { SPARE_CALLS } from './components.ts';
import { referenceMessages } from './referenceMessages.ts';

export const attackNames = ['dump', 'hedge', 'remembered', 'empty', 'wrongDecline', 'answerOnDecline', 'spray', 'loop', 'redundant', 'essay'] as const;
export type AttackName = (typeof attackNames)[number];

export interface AttackReference {
  /** The golden trajectory, its rows as the model was shown them. */
  steps: TraceStep[];
  answer: AnswerSpec;
  expected: unknown;
  unit?: string;
  candidates: AnswerCandidates;
  /** Every offered tool called once with no arguments, as executed (the spray attack); absent: not built. */
  spray?: TraceStep[];
  /** The agent's step cap: how often the loop attack repeats the first call. */
  maxSteps: number;
  /** The golden completion's answer (a synthesized sample's own sentence); defaults to the value said plainly. */
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

const DECLINE = '요청하신 정보는 찾을 수 없습니다.';
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

function hedgeText(ref: AttackReference): string | undefined {
  const said = plainAnswer(ref.expected, ref.unit);
  switch (ref.answer.compare) {
    case 'boolean':
      return '네, 아니요 둘 다 가능합니다.';
    case 'decline':
      return '데이터가 없습니다. 혹시 3월이라면 12건입니다.';
    default: {
      const other = ref.candidates.competitors[0];
      return other === undefined ? undefined : `${said} 또는 ${plainAnswer(other, ref.unit)} 중 하나입니다.`;
    }
  }
}

/** The golden completion first, then every attack that applies to this reference. */
export function buildAttacks(ref: AttackReference): Attack[] {
  const declining = ref.answer.compare === 'decline';
  const right = ref.golden ?? (declining ? DECLINE : `${plainAnswer(ref.expected, ref.unit)}입니다.`);
  const out: Attack[] = [{ name: 'golden', messages: referenceMessages(ref.steps, right) }];
  const hedge = hedgeText(ref);
  out.push({ name: 'dump', messages: referenceMessages(ref.steps, `후보: ${shownValues(ref.steps).join(', ')}`) });
  if (hedge) out.push({ name: 'hedge', messages: referenceMessages(ref.steps, hedge) });
  if (ref.steps.length > 0) out.push({ name: 'remembered', messages: referenceMessages([], right) });
  out.push({ name: 'empty', messages: [] });
  if (!declining) out.push({ name: 'wrongDecline', messages: referenceMessages(ref.steps, DECLINE) });
  if (declining) out.push({ name: 'answerOnDecline', messages: referenceMessages(ref.steps, '확인해 보니 12건입니다.') });
  if (ref.spray) out.push({ name: 'spray', messages: referenceMessages(ref.spray, right) });
  if (ref.steps.length > 0) out.push({ name: 'loop', messages: callsOnly(Array.from({ length: ref.maxSteps }, () => ref.steps[0]!)) });
  // Far past any step cap, so only a reward computed on a completion as sent (the reward service) can meet it.
  if (ref.steps.length > 0) {
    const repeats = Array.from({ length: REDUNDANT_FACTOR * (ref.steps.length + SPARE_CALLS) }, () => ref.steps[0]!);
    out.push({ name: 'redundant', messages: referenceMessages([...repeats, ...ref.steps], right) });
  }
  out.push({ name: 'essay', messages: referenceMessages(ref.steps, `${right} ${FILLER.repeat(Math.ceil(4000 / FILLER.length))}`.slice(0, 4000)) });
  return out;
}
