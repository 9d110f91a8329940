// The committed answer of a model that answers in words: the last line "정답: …" (or "Answer: …", "FINAL ANSWER: …"),
// holding one value in any usual written form. It is read as a claim of kind "text", judged as the task's answer
// kind; a decline is written as one of the protocol's decline values ("정답: 확인 불가"). No other line of the text is
// read: a message that mentions values is for the person.
import type { Claim } from './claim.ts';
import { MAX_CLAIM_CHARS } from './claim.ts';

const LINE = /^[ \t>*_#-]*(?:\*\*)?(정답|최종\s*답|final\s+answer|answer)(?:\*\*)?\s*[:：]\s*(?:\*\*)?(.*?)(?:\*\*)?\s*$/gim;

/** The value after the last "정답:" line of a text, or undefined when it has none (or an empty one). */
export function answerLineValue(text: string): string | undefined {
  let value: string | undefined;
  for (const m of text.matchAll(LINE)) value = m[2]!.trim();
  return value === undefined || value === '' ? undefined : value.slice(0, MAX_CLAIM_CHARS);
}

/** A text answer's claim: its "정답:" line as a claim of kind text, or null when it commits to nothing. */
export function claimOfText(text: string): Claim | null {
  const value = answerLineValue(text);
  return value === undefined ? null : { kind: 'text', value };
}

/** The text without its "정답:" lines: what a screen shows beneath a claim it already shows as the headline. */
export function withoutAnswerLine(text: string): string {
  return text.replace(LINE, '').trimEnd();
}
