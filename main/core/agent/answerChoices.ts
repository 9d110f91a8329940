// The committed answer, copied like an argument: for a model that copies (copyChoices.ts), a number, a name, a date or
// a time it commits to is one the results it was shown hold — a value it read, or a count a service reported — in the
// form the answer tool asks (20261225 → 2026-12-25, 1715 → 17:15). A small model otherwise writes an answer it
// remembers ("관광지 수는 1곳입니다" for a rain probability), which the judge fails as ungrounded anyway. A yes or no, a
// list's length and a refusal stay free; so does every kind before any result arrived.
import { shownViews } from './shownViews.ts';
import type { ChatMessage } from './types.ts';

/** The claim kinds whose value is held, keyed as the answer grammar reads them (grammarSchema.ts). */
export type AnswerChoices = Partial<Record<`answer.${'number' | 'name' | 'date' | 'time'}`, (string | number)[]>>;

/** The most values one kind may be held to: beyond it the kind stays free. */
const MAX_VALUES = 600;
const NUMBER = /^-?\d{1,3}(,\d{3})+(\.\d+)?$|^-?\d+(\.\d+)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):?([0-5]\d)$/;
const MAX_NAME = 100;

export function answerChoices(messages: ChatMessage[]): AnswerChoices {
  const numbers = new Set<number>();
  const names = new Set<string>();
  const dates = new Set<string>();
  const times = new Set<string>();
  const views = shownViews(messages);
  if (views.length === 0) return {};
  for (const view of views) {
    numbers.add(view.totalCount);
    for (const row of view.rows)
      for (const v of Object.values(row)) {
        if (typeof v === 'number' && Number.isFinite(v)) {
          numbers.add(v);
          continue;
        }
        if (typeof v !== 'string') continue;
        const text = v.trim();
        if (text === '') continue;
        if (NUMBER.test(text)) numbers.add(Number(text.replace(/,/g, '')));
        const date = COMPACT_DATE.exec(text);
        if (date) dates.add(`${date[1]}-${date[2]}-${date[3]}`);
        else if (ISO_DATE.test(text)) dates.add(text);
        const clock = CLOCK.exec(text);
        if (clock) times.add(`${clock[1]}:${clock[2]}`);
        if (!NUMBER.test(text) && text.length <= MAX_NAME) names.add(text);
      }
  }
  const out: AnswerChoices = {};
  const hold = (key: keyof AnswerChoices, values: Set<string> | Set<number>): void => {
    if (values.size > 0 && values.size <= MAX_VALUES) out[key] = [...values];
  };
  hold('answer.number', numbers);
  hold('answer.name', names);
  hold('answer.date', dates);
  hold('answer.time', times);
  return out;
}
