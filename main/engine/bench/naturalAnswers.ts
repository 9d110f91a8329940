// A suite's natural answers (natural-answers.json beside its tasks): answers written the way a good assistant would
// (units, context from other fields, 억/만 amounts, dates with weekdays), two per task, against the emulator's
// default world. Scoring must pass every one of them: a comparator strict enough to refuse hedges must not refuse
// a well-written answer.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suiteFiles } from './suite.ts';

export function naturalAnswers(resourcesDir: string, suite: string): Record<string, string[]> {
  const { dir } = suiteFiles(suite, resourcesDir);
  const file = dir ? path.join(dir, 'natural-answers.json') : undefined;
  if (!file || !existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { answers: Record<string, string[]> };
  return parsed.answers;
}
