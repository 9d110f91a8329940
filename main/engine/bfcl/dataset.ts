// A BFCL v4 data folder as the user supplies it (the app ships none): question files and their possible-answer
// files, JSON Lines, paired by position, read with ints and floats kept apart.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FunctionDoc, GtCall } from '../../core/bfcl/astChecker.ts';
import { parsePyJson, type PyValue } from '../../core/bfcl/pyValue.ts';
import { BFCL_CATEGORIES, type BfclCategory } from '../../core/bfcl/categories.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface BfclEntry {
  id: string;
  category: BfclCategory;
  /** Turns of chat messages; single-turn categories have one turn. */
  question: { role: string; content: string }[][];
  functions: FunctionDoc[];
  /** The possible answers; undefined for the relevance categories. */
  groundTruth?: GtCall[];
}

function readLines(file: string): PyValue[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      try {
        return parsePyJson(line);
      } catch (error) {
        throw saidError('InvalidRequest', { message: 'error.lineNotJsonWhy', vars: { file, line: i + 1, reason: (error as Error).message } });
      }
    });
}

export function categoryOfId(id: string): string {
  return id.includes('-') ? id.split('-')[0]!.replace(/_\d+$/, '') : id.replace(/_\d+$/, '');
}

export class BfclData {
  readonly dir: string;
  private readonly cache = new Map<string, BfclEntry[]>();

  constructor(dir: string) {
    if (!existsSync(path.join(dir, 'possible_answer'))) {
      throw saidError('NotFound', { message: 'error.notBfclData', hint: 'error.notBfclData.hint', vars: { dir } });
    }
    this.dir = dir;
  }

  /** The scored categories this folder has question files for. */
  available(): BfclCategory[] {
    return BFCL_CATEGORIES.filter((c) => existsSync(path.join(this.dir, `BFCL_v4_${c}.json`)));
  }

  entries(category: BfclCategory): BfclEntry[] {
    const cached = this.cache.get(category);
    if (cached) return cached;
    const questionFile = path.join(this.dir, `BFCL_v4_${category}.json`);
    if (!existsSync(questionFile)) throw saidError('NotFound', { message: 'error.noFile', vars: { file: questionFile } });
    const questions = readLines(questionFile) as unknown as { id: string; question: BfclEntry['question']; function: FunctionDoc[] }[];
    const answerFile = path.join(this.dir, 'possible_answer', `BFCL_v4_${category}.json`);
    const answers = existsSync(answerFile) ? (readLines(answerFile) as unknown as { id: string; ground_truth: GtCall[] }[]) : undefined;
    if (answers && answers.length !== questions.length)
      throw saidError('InvalidRequest', { message: 'error.answersCount', vars: { file: answerFile, answers: answers.length, questions: questions.length } });
    const entries = questions.map((q, i) => ({
      id: q.id,
      category,
      question: q.question,
      functions: q.function ?? [],
      ...(answers ? { groundTruth: answers[i]!.ground_truth } : {}),
    }));
    this.cache.set(category, entries);
    return entries;
  }

  entry(id: string): BfclEntry | undefined {
    const category = categoryOfId(id) as BfclCategory;
    return this.entries(category).find((e) => e.id === id);
  }
}
