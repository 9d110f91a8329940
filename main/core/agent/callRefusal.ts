// Why the agent loop did not make a call, kept as what happened rather than as one sentence: the model reads it in
// the words it was tuned with (Korean, with the validator's English for each violation), while a screen or a report
// says it in the reader's language, and the failure taxonomy counts it by kind instead of matching a sentence.
import type { ArgsViolation } from '../catalog/argsValidator.ts';
import { listViolations, sayViolation } from '../catalog/sayViolation.ts';
import { translate, type Locale } from '../i18n/strings.ts';

export type CallRefusal =
  /** The model named a function that is not offered. */
  | { kind: 'unknownTool'; name: string; offered: string[] }
  /** The model named a catalog tool this conversation was not offered; `findable`: find_tools can make it callable. */
  | { kind: 'notOffered'; name: string; findable: boolean }
  /** The arguments were not one JSON object (a server's malformed call); `text` is what was written, cut short. */
  | { kind: 'unreadableArguments'; text: string }
  /** The arguments broke the tool's schema; nothing was sent. */
  | { kind: 'invalidArguments'; violations: ArgsViolation[] }
  /** The same tool with the same arguments, once too often. */
  | { kind: 'repeated' }
  /** More calls in one model turn than the loop runs. */
  | { kind: 'turnCap'; limit: number }
  /** The episode's calls are spent. */
  | { kind: 'episodeCap'; limit: number }
  /** The user said no, with their reason where they gave one. */
  | { kind: 'denied'; why?: string }
  /** Nobody answered the approval question in time. */
  | { kind: 'unanswered'; waitedMs: number }
  /** The answer tool's claim was not one value of one kind (core/answer/claim.ts); the model may answer again. */
  | { kind: 'invalidAnswer'; problem: string };

function waited(locale: Locale, ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const seconds = Math.max(1, Math.round(ms / 1000));
  return ms >= 60_000 ? translate(locale, 'refusal.minutes', { n: minutes }) : translate(locale, 'refusal.seconds', { n: seconds });
}

function say(locale: Locale, r: CallRefusal, violation: (v: ArgsViolation) => string): string {
  switch (r.kind) {
    case 'unknownTool':
      return translate(locale, 'refusal.unknownTool', { name: r.name, offered: r.offered.join(', ') });
    case 'notOffered':
      return translate(locale, r.findable ? 'refusal.notOfferedFindable' : 'refusal.notOffered', { name: r.name });
    case 'unreadableArguments':
      return translate(locale, 'refusal.unreadableArguments', { text: r.text });
    case 'invalidArguments':
      return translate(locale, 'refusal.invalidArguments', { violations: listViolations(locale, r.violations, violation) });
    case 'repeated':
      return translate(locale, 'refusal.repeated');
    case 'turnCap':
      return translate(locale, 'refusal.turnCap', { n: r.limit });
    case 'episodeCap':
      return translate(locale, 'refusal.episodeCap', { n: r.limit });
    case 'denied':
      return r.why ? translate(locale, 'refusal.deniedWhy', { why: r.why }) : translate(locale, 'refusal.denied');
    case 'unanswered':
      return translate(locale, 'refusal.unanswered', { waited: waited(locale, r.waitedMs) });
    case 'invalidAnswer':
      return translate(locale, 'refusal.invalidAnswer', { problem: r.problem });
  }
}

/** The arguments a model wrote that are not one JSON object, as a refusal quotes them: short enough to read. */
export function unreadableArguments(text: string): CallRefusal {
  return { kind: 'unreadableArguments', text: text.length > 200 ? `${text.slice(0, 200)}…` : text };
}

/** What the model reads as the refused call's result. */
export function refusalForModel(r: CallRefusal): string {
  return say('ko', r, (v) => v.message);
}

/** The refusal in the reader's language, each violation in the catalogue's words where it has them. */
export function sayRefusal(locale: Locale, r: CallRefusal): string {
  return say(locale, r, (v) => sayViolation(locale, v));
}

/** A recorded call's refusal in the reader's language; a record made before refusals were kept says it as the model read it. */
export function sayRefused(locale: Locale, call: { refused?: string; refusal?: CallRefusal }): string | undefined {
  return call.refusal ? sayRefusal(locale, call.refusal) : call.refused;
}
