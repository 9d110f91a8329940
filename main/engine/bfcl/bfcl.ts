// Running a model on a BFCL v4 data folder and scoring the results with the ported AST checker. Results follow
// BFCL's layout (one BFCL_v4_<category>_result.json per category, a JSON line {id, result, …} per entry), are
// appended as they come (a killed run resumes where it stopped), and are scored into BFCL_v4_<category>_score.json
// files: a header line with the accuracy, then one line per failed entry.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BfclCheckSummary, BfclConformance, BfclRunSummary, Progress } from '../../api/contract.ts';
import { parseToolCalls } from '../../core/agent/toolCallParser.ts';
import type { ChatMessage } from '../../core/agent/types.ts';
import { checkEntry, isCallList, languageOf } from '../../core/bfcl/astChecker.ts';
import { toModelTool } from '../../core/bfcl/functionDocs.ts';
import { parsePyJson, type PyValue } from '../../core/bfcl/pyValue.ts';
import { relevanceCorrect, summarize, type CategoryScore } from '../../core/bfcl/scoring.ts';
import type { ModelBackend } from '../models/backend.ts';
import { BFCL_CATEGORIES, isMultiTurn, RELEVANCE_CATEGORIES, type BfclCategory } from '../../core/bfcl/categories.ts';
import { meanInterval } from '../../core/bench/passAtK.ts';
import { checkVector } from '../../core/bfcl/multiTurn/conformance.ts';
import { parseJsonPy } from '../../core/bfcl/multiTurn/pyParse.ts';
import type { PyDict } from '../../core/bfcl/multiTurn/py.ts';
import type { BfclData, BfclEntry } from './dataset.ts';
import { MultiTurnData } from './multiTurnData.ts';
import { runMultiTurnEntry, scoreMultiTurn, verdictReason } from './multiTurnRun.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { appendFileNoFollow, writeFileNoFollow } from '../files/noFollow.ts';

const resultFile = (dir: string, category: string): string => path.join(dir, `BFCL_v4_${category}_result.json`);

function readResults(file: string): Map<string, PyValue> {
  const out = new Map<string, PyValue>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const row = parsePyJson(line) as { id: string; result: PyValue };
      out.set(row.id, row.result);
    } catch {
      // A line cut short by a kill: the entry is run again.
    }
  }
  return out;
}

/** A stored result as BFCL's decode_ast would give it: a call list; FC-style string arguments are decoded. */
export function decodeResult(result: PyValue): unknown {
  if (typeof result === 'string') {
    const parsed = parseToolCalls(result);
    return parsed.calls.length ? parsed.calls.map((c) => ({ [c.name]: c.arguments })) : result;
  }
  if (Array.isArray(result)) {
    return result.map((call) => {
      if (call === null || typeof call !== 'object' || Array.isArray(call)) return call;
      return Object.fromEntries(Object.entries(call).map(([name, args]) => [name, typeof args === 'string' ? safeParse(args) : args]));
    });
  }
  return result;
}

function safeParse(text: string): PyValue {
  try {
    return parsePyJson(text);
  } catch {
    return text;
  }
}

export interface BfclRunOptions {
  categories: BfclCategory[];
  /** The multi-turn simulators' constants file (default: derived/ beside the data folder). */
  constants?: string;
  outDir: string;
  concurrency?: number;
  limit?: number;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

export async function runBfcl(data: BfclData, backend: ModelBackend, options: BfclRunOptions): Promise<BfclRunSummary> {
  const started = performance.now();
  mkdirSync(options.outDir, { recursive: true });
  const summary: BfclRunSummary = { outDir: options.outDir, backend: backend.id, categories: [], seconds: 0 };
  const multiTurn = new MultiTurnData(data.dir, options.constants);
  for (const category of options.categories) {
    const entries = (
      isMultiTurn(category) ? multiTurn.items(category).map((i) => ({ id: i.entry.id, item: i })) : data.entries(category).map((e) => ({ id: e.id, entry: e }))
    ).slice(0, options.limit);
    const file = resultFile(options.outDir, category);
    const done = readResults(file);
    const pending = entries.filter((e) => !done.has(e.id));
    let finished = entries.length - pending.length;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < pending.length) {
        if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.bfclStopped', vars: { done: finished, total: entries.length, category } });
        const pendingEntry = pending[next++]!;
        const row =
          'item' in pendingEntry
            ? await runMultiTurnEntry(pendingEntry.item, multiTurn, backend, options)
            : await runEntry(pendingEntry.entry, backend, options);
        appendFileNoFollow(file, `${JSON.stringify(row)}\n`);
        finished++;
        options.onProgress?.({ stage: category, done: finished, total: entries.length });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
    summary.categories.push({ category, entries: entries.length, run: pending.length, skipped: entries.length - pending.length });
  }
  summary.seconds = Math.round((performance.now() - started) / 10) / 100;
  return summary;
}

async function runEntry(entry: BfclEntry, backend: ModelBackend, options: BfclRunOptions): Promise<Record<string, unknown>> {
  const language = languageOf(entry.category);
  const messages: ChatMessage[] = (entry.question[0] ?? []).map((m) =>
    m.role === 'system'
      ? { role: 'system', content: m.content }
      : m.role === 'assistant'
        ? { role: 'assistant', content: m.content }
        : { role: 'user', content: m.content },
  );
  const started = performance.now();
  const turn = await backend.turn(
    messages,
    entry.functions.map((f) => toModelTool(f, language)),
    { maxTokens: options.maxTokens, temperature: options.temperature, signal: options.signal },
  );
  const result = turn.toolCalls.length ? turn.toolCalls.map((c) => ({ [c.name]: c.arguments })) : turn.text;
  return {
    id: entry.id,
    result,
    input_token_count: turn.usage.inputTokens,
    output_token_count: turn.usage.outputTokens,
    latency: Math.round(performance.now() - started) / 1000,
  };
}

export function checkBfcl(
  data: BfclData,
  resultsDir: string,
  options: { categories?: BfclCategory[]; underscoreToDot?: boolean; constants?: string } = {},
): BfclCheckSummary {
  const scores: CategoryScore[] = [];
  const failures: BfclCheckSummary['failures'] = [];
  const categories = options.categories ?? BFCL_CATEGORIES.filter((c) => existsSync(resultFile(resultsDir, c)));
  if (categories.length === 0) throw saidError('NotFound', { message: 'error.bfclNoResults', vars: { dir: resultsDir } });
  const multiTurn = new MultiTurnData(data.dir, options.constants);
  for (const category of categories) {
    const results = readResults(resultFile(resultsDir, category));
    const failed: { id: string; errorType: string; result: PyValue; reason?: string }[] = [];
    let total = 0;
    if (isMultiTurn(category)) {
      for (const item of multiTurn.items(category).filter((i) => results.has(i.entry.id))) {
        total++;
        const result = results.get(item.entry.id)!;
        const verdict = scoreMultiTurn(item, multiTurn, result);
        if (!verdict.valid) failed.push({ id: item.entry.id, errorType: verdict.errorType!, result, reason: verdictReason(verdict) });
      }
    }
    const entries = isMultiTurn(category) ? [] : data.entries(category).filter((e) => results.has(e.id));
    total += entries.length;
    for (const entry of entries) {
      const output = decodeResult(results.get(entry.id)!);
      if ((RELEVANCE_CATEGORIES as readonly string[]).includes(category)) {
        if (!relevanceCorrect(category, output))
          failed.push({
            id: entry.id,
            errorType: category === 'live_relevance' ? 'relevance_error:no_call' : 'irrelevance_error:made_a_call',
            result: results.get(entry.id)!,
          });
        continue;
      }
      const verdict = isCallList(output)
        ? checkEntry(category, entry.functions, output, entry.groundTruth ?? [], { underscoreToDot: options.underscoreToDot ?? true })
        : { valid: false, errorType: 'ast_decoder:decoder_wrong_output_format' };
      if (!verdict.valid) failed.push({ id: entry.id, errorType: verdict.errorType!, result: results.get(entry.id)! });
    }
    const estimate = meanInterval([...Array(total - failed.length).fill(1), ...Array(failed.length).fill(0)]);
    const score = {
      category,
      correct: total - failed.length,
      total,
      accuracy: total ? (total - failed.length) / total : 0,
      low: estimate.low,
      high: estimate.high,
    };
    scores.push(score);
    failures.push(...failed.map((f) => ({ category, id: f.id, errorType: f.errorType, ...(f.reason ? { reason: f.reason } : {}) })));
    const scoreFile = path.join(resultsDir, 'score', `BFCL_v4_${category}_score.json`);
    mkdirSync(path.dirname(scoreFile), { recursive: true });
    writeFileNoFollow(
      scoreFile,
      [
        JSON.stringify({ accuracy: score.accuracy, correct_count: score.correct, total_count: score.total }),
        ...failed.map((f) =>
          JSON.stringify({ id: f.id, valid: false, error_type: f.errorType, ...(f.reason ? { error_message: f.reason } : {}), model_result: f.result }),
        ),
      ].join('\n') + '\n',
    );
  }
  return { ...summarize(scores), failures };
}

/**
 * Agreement with upstream on its recorded vectors: the AST checker's verdicts (ast_vectors.jsonl), or the multi-turn
 * simulators' executions and the multi-turn checker's verdicts (multi_turn_vectors.jsonl), told apart by their lines.
 */
export function conformance(data: BfclData, vectorsFile: string, onProgress?: (p: Progress) => void, constants?: string): BfclConformance {
  const lines = readFileSync(vectorsFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  if (lines[0] && /"kind":\s*"gt_execution"|"model_output":\s*\[\[\[/.test(lines[0])) return multiTurnConformance(data, lines, onProgress, constants);
  const disagreements: BfclConformance['disagreements'] = [];
  const entries = new Map<string, BfclEntry | undefined>();
  lines.forEach((line, i) => {
    const v = parsePyJson(line) as {
      id: string;
      category: string;
      kind: string;
      underscore_to_dot: boolean;
      model_output: PyValue;
      expected: { valid: boolean; error_type: string | null };
    };
    if (!entries.has(v.id)) entries.set(v.id, data.entry(v.id));
    const entry = entries.get(v.id);
    const got = entry
      ? checkEntry(v.category, entry.functions, v.model_output, entry.groundTruth ?? [], { underscoreToDot: v.underscore_to_dot })
      : { valid: false, errorType: 'entry not found in the data folder' };
    const agrees = got.valid === v.expected.valid && (got.valid || got.errorType === v.expected.error_type);
    if (!agrees) disagreements.push({ line: i + 1, id: v.id, kind: v.kind, expected: v.expected, got: { valid: got.valid, error_type: got.errorType } });
    if (onProgress && i % 1000 === 0) onProgress({ stage: 'conformance', done: i, total: lines.length });
  });
  return { vectors: lines.length, agree: lines.length - disagreements.length, disagreements };
}

function multiTurnConformance(
  data: BfclData,
  lines: string[],
  onProgress: ((p: Progress) => void) | undefined,
  constants: string | undefined,
): BfclConformance {
  const multiTurn = new MultiTurnData(data.dir, constants);
  const disagreements: BfclConformance['disagreements'] = [];
  const context = {
    entry: (id: string) => (isMultiTurn(categoryOf(id)) ? multiTurn.item(categoryOf(id) as never, id)?.entry : undefined),
    groundTruth: (id: string) => (isMultiTurn(categoryOf(id)) ? multiTurn.item(categoryOf(id) as never, id)?.groundTruth : undefined),
    constants: multiTurn.constants(),
  };
  lines.forEach((line, i) => {
    const vector = parseJsonPy(line) as PyDict;
    const differs = checkVector(vector, context);
    if (differs) {
      const expected = vector.get('expected') as PyDict | undefined;
      disagreements.push({
        line: i + 1,
        id: String(vector.item('id')),
        kind: String(vector.item('kind')),
        ...(expected ? { expected: { valid: expected.item('valid') === true, error_type: expected.item('error_type') as string | null } } : {}),
        ...(differs.got ? { got: { valid: differs.got.valid, error_type: differs.got.errorType } } : {}),
        detail: differs.detail,
      });
    }
    if (onProgress && i % 500 === 0) onProgress({ stage: 'conformance', done: i, total: lines.length });
  });
  return { vectors: lines.length, agree: lines.length - disagreements.length, disagreements };
}

const categoryOf = (id: string): string => id.replace(/_\d+$/, '');
