// A request as a person writes it, from one of its intent's phrasings: each {slot} becomes the stated value as
// said ("서울 종로구 청운동", "지난달", "220-81-62517"), and {slot|을/를} adds the particle that fits it. The answer
// is said back in one sentence with the intent's label and unit.
import { josa, type Particle } from '../text/josa.ts';
import { SLOT } from './intents.ts';
import { spokenValue } from './phrasing.ts';
import type { StatedValue } from './statedInputs.ts';

const PARTICLES = new Set<string>(['을/를', '이/가', '은/는', '과/와', '으로/로', '이에요/예요']);

/** An amount in 만원 as Koreans say money: 81730 → "8억 1,730만원", 100000 → "10억원". */
export function manwon(amount: number): string {
  const eok = Math.floor(amount / 10_000);
  const rest = amount % 10_000;
  return rest ? `${eok.toLocaleString('en-US')}억 ${rest.toLocaleString('en-US')}만원` : `${eok.toLocaleString('en-US')}억원`;
}

/** The phrasing with its slots filled; throws on a slot without a value or an unknown particle (a resource error). */
export function fillPhrasing(template: string, values: Record<string, StatedValue>): string {
  return template.replace(SLOT, (_whole, slot: string, particle: string | undefined) => {
    const value = values[slot];
    if (!value) throw new Error(`the phrasing "${template}" names {${slot}}, which has no value`);
    if (particle === undefined) return value.text;
    if (!PARTICLES.has(particle)) throw new Error(`the phrasing "${template}" uses the particle ${particle}, which is not one of ${[...PARTICLES].join(', ')}`);
    return josa(value.text, particle as Particle);
  });
}

/**
 * The assistant's answer: "기온은 12.3℃입니다.", "가장 가까운 약국은 온누리약국입니다." A set is listed; a mean (`rounded`)
 * is said to one decimal, or whole from 100 up.
 */
export function answerText(label: string, unit: string | undefined, value: unknown, valueKind?: string, rounded = false): string {
  const said = rounded && typeof value === 'number' ? Math.round(value * (Math.abs(value) >= 100 ? 1 : 10)) / (Math.abs(value) >= 100 ? 1 : 10) : value;
  if (unit === '만원' && typeof said === 'number' && Number.isInteger(said) && said >= 10_000) return `${josa(label, '은/는')} ${manwon(said)}입니다.`;
  const spoken = Array.isArray(said) ? said.map((v) => spokenValue(v, undefined)).join(', ') : spokenValue(said, valueKind);
  if (/[.!?。]$/.test(spoken) || spoken.length > 40) return `${josa(label, '은/는')} "${spoken.replace(/[.。]$/, '')}"입니다.`;
  return `${josa(label, '은/는')} ${spoken}${unit ?? ''}입니다.`;
}

/** Two answers in one sentence: "2월 아파트 매매 거래는 52건, 3월 아파트 매매 거래는 61건입니다." */
export function pairedAnswerText(parts: { label: string; unit?: string; value: unknown; valueKind?: string; rounded?: boolean }[]): string {
  return `${parts.map((p) => answerText(p.label, p.unit, p.value, p.valueKind, p.rounded).replace(/입니다\.$/, '')).join(', ')}입니다.`;
}
