// A suite's natural answers (natural-answers.json beside its tasks): answers written the way a good assistant would
// (units, context from other fields, 억/만 amounts, dates with weekdays), two per task, against the emulator's
// default world, each with the value it commits to on a "정답:" line as its message wrote it. Scoring must pass every
// one of them: a judge strict enough to refuse hedges must not refuse a right value in a usual written form.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suiteFiles } from './suite.ts';

export interface NaturalAnswer {
  /** The message for the person. */
  message: string;
  /** The value it commits to, as a "정답:" line holds it. */
  claim: string;
}

/** The message as a model that answers in words ends it: with its "정답:" line. */
export const withAnswerLine = (a: NaturalAnswer): string => `${a.message}\n정답: ${a.claim}`;

export function naturalAnswers(resourcesDir: string, suite: string): Record<string, NaturalAnswer[]> {
  const { dir } = suiteFiles(suite, resourcesDir);
  const file = dir ? path.join(dir, 'natural-answers.json') : undefined;
  if (!file || !existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { answers: Record<string, NaturalAnswer[]> };
  return parsed.answers;
}
