// Scripted-model transcripts for BFCL multi-turn runs: each entry's ground truth, turn by turn, as the tool calls
// a model would make (positional arguments named after the simulator's parameters, floats kept as floats), each
// turn closed by a text answer; `drop` leaves one call out of one turn per entry.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MULTI_TURN_CLASSES } from '../../main/core/bfcl/multiTurn/entry.ts';
import { jsonDumps, PyDict, type Py } from '../../main/core/bfcl/multiTurn/py.ts';
import { literalValue, parsePython } from '../../main/core/bfcl/multiTurn/pyParse.ts';
import type { BackendConstants } from '../../main/core/bfcl/multiTurn/simulator.ts';

const paramNames = new Map<string, string[]>();
for (const create of Object.values(MULTI_TURN_CLASSES)) {
  for (const [name, m] of Object.entries(create({} as BackendConstants).methods))
    paramNames.set(
      name,
      m.params.map((p) => p.name),
    );
}

/** A ground-truth call string as a scripted tool call line fragment: {"name", "arguments"} with Python's JSON. */
export function toolCallJson(call: string): string {
  const expr = parsePython(call);
  if (expr.kind !== 'call') throw new Error(`not a call: ${call}`);
  const name = expr.callee.at(-1)!;
  const names = paramNames.get(name) ?? [];
  const args = new PyDict([...expr.args.map((a, i): [Py, Py] => [names[i]!, literalValue(a)]), ...expr.kwargs.map(([k, v]): [Py, Py] => [k, literalValue(v)])]);
  return `{"name": ${JSON.stringify(name)}, "arguments": ${jsonDumps(args)}}`;
}

export interface TranscriptOptions {
  /** Per entry id: [turn, call index] of the ground-truth call to leave out. */
  drop?: Map<string, [number, number]>;
}

/** The transcript lines for every entry of the categories, in the order a run with concurrency 1 asks for them. */
export function groundTruthTranscript(dataDir: string, categories: string[], options: TranscriptOptions = {}): string[] {
  const lines: string[] = [];
  for (const category of categories) {
    const answers = readFileSync(path.join(dataDir, 'possible_answer', `BFCL_v4_${category}.json`), 'utf8')
      .split('\n')
      .filter(Boolean);
    for (const answer of answers) {
      const { id, ground_truth: truth } = JSON.parse(answer) as { id: string; ground_truth: string[][] };
      const dropped = options.drop?.get(id);
      truth.forEach((calls, turn) => {
        const kept = calls.filter((_, i) => !(dropped && dropped[0] === turn && dropped[1] === i));
        if (kept.length) lines.push(`{"toolCalls": [${kept.map(toolCallJson).join(', ')}]}`);
        lines.push(JSON.stringify({ text: kept.length ? 'Done.' : 'I need more information to do that.' }));
      });
    }
  }
  return lines;
}
