// The multi-turn part of a BFCL v4 data folder: entries with their turns, the docs of their classes
// (multi_turn_func_doc/), held-out functions, ground truth, and the simulators' constants (upstream's module
// literals, exported as derived/multi_turn_backend_constants.json beside the data).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FunctionDoc } from '../../core/bfcl/astChecker.ts';
import type { MultiTurnCategory } from '../../core/bfcl/categories.ts';
import { backendConstants, multiTurnEntry, type MultiTurnEntry } from '../../core/bfcl/multiTurn/entry.ts';
import { PyDict, PyFloat, type Py } from '../../core/bfcl/multiTurn/py.ts';
import { parseJsonPy } from '../../core/bfcl/multiTurn/pyParse.ts';
import type { BackendConstants } from '../../core/bfcl/multiTurn/simulator.ts';
import { saidError } from '../../core/i18n/saidError.ts';

const DOC_FILES: Record<string, string> = {
  GorillaFileSystem: 'gorilla_file_system',
  MathAPI: 'math_api',
  MessageAPI: 'message_api',
  TwitterAPI: 'posting_api',
  TicketAPI: 'ticket_api',
  TradingBot: 'trading_bot',
  TravelAPI: 'travel_booking',
  VehicleControlAPI: 'vehicle_control',
};

export const CONSTANTS_FILE = 'multi_turn_backend_constants.json';

export interface MultiTurnItem {
  entry: MultiTurnEntry;
  category: MultiTurnCategory;
  /** The user messages of each turn; [] where miss_func adds the held-out functions. */
  question: { role: string; content: string }[][];
  /** The docs of every involved class, in involved_classes order. */
  docs: FunctionDoc[];
  /** Function names held back until a turn (miss_func). */
  missed: Map<number, string[]>;
  groundTruth?: string[][];
}

function jsonLines(file: string): PyDict[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      try {
        return parseJsonPy(line) as PyDict;
      } catch (error) {
        throw saidError('InvalidRequest', { message: 'error.lineNotJsonWhy', vars: { file, line: i + 1, reason: (error as Error).message } });
      }
    });
}

/** Plain JS data from parsed JSON (docs and messages need no Python types). */
function plain(v: Py): unknown {
  if (v instanceof PyDict) return Object.fromEntries(v.items().map(([k, x]) => [String(k), plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v instanceof PyFloat ? v.value : v;
}

export class MultiTurnData {
  private readonly cache = new Map<string, MultiTurnItem[]>();
  private readonly docCache = new Map<string, FunctionDoc[]>();
  private constantsValue?: BackendConstants;

  constructor(
    readonly dir: string,
    private readonly constantsFile?: string,
  ) {}

  items(category: MultiTurnCategory): MultiTurnItem[] {
    const cached = this.cache.get(category);
    if (cached) return cached;
    const questionFile = path.join(this.dir, `BFCL_v4_${category}.json`);
    if (!existsSync(questionFile)) throw saidError('NotFound', { message: 'error.noFile', vars: { file: questionFile } });
    const rows = jsonLines(questionFile);
    const answerFile = path.join(this.dir, 'possible_answer', `BFCL_v4_${category}.json`);
    const answers = new Map(
      existsSync(answerFile) ? jsonLines(answerFile).map((r) => [String(r.item('id')), (r.item('ground_truth') as Py[][]).map((t) => t.map(String))]) : [],
    );
    const items = rows.map((row) => {
      const entry = multiTurnEntry(row);
      const missedRow = row.get('missed_function');
      const missed = new Map<number, string[]>(
        missedRow instanceof PyDict ? missedRow.items().map(([turn, names]) => [Number(turn), (names as Py[]).map(String)]) : [],
      );
      return {
        entry,
        category,
        question: plain(row.item('question')) as MultiTurnItem['question'],
        docs: entry.involvedClasses.flatMap((c) => this.docs(c)),
        missed,
        groundTruth: answers.get(entry.id),
      };
    });
    this.cache.set(category, items);
    return items;
  }

  item(category: MultiTurnCategory, id: string): MultiTurnItem | undefined {
    return this.items(category).find((i) => i.entry.id === id);
  }

  private docs(className: string): FunctionDoc[] {
    const cached = this.docCache.get(className);
    if (cached) return cached;
    const name = DOC_FILES[className];
    const file = path.join(this.dir, 'multi_turn_func_doc', `${name ?? className}.json`);
    if (!name || !existsSync(file))
      throw saidError('NotFound', { message: 'error.noFunctionDocs', hint: 'error.noFunctionDocs.hint', vars: { className, file } });
    const docs = jsonLines(file).map((d) => plain(d) as FunctionDoc);
    this.docCache.set(className, docs);
    return docs;
  }

  /** The simulators' constants: the file given, else derived/ beside the data folder, else inside it. */
  constants(): BackendConstants {
    if (this.constantsValue) return this.constantsValue;
    const candidates = this.constantsFile ? [this.constantsFile] : [path.join(this.dir, '..', 'derived', CONSTANTS_FILE), path.join(this.dir, CONSTANTS_FILE)];
    const file = candidates.find((f) => existsSync(f));
    if (!file) {
      throw saidError('NotFound', {
        message: 'error.noConstants',
        hint: 'error.noConstants.hint',
        vars: { file: CONSTANTS_FILE, looked: candidates.join(', ') },
      });
    }
    try {
      this.constantsValue = backendConstants(readFileSync(file, 'utf8'), () => new Date());
    } catch (error) {
      throw saidError('InvalidRequest', { message: 'error.notConstants', vars: { file, reason: (error as Error).message } });
    }
    return this.constantsValue;
  }
}
