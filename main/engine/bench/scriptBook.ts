// Scripted model turns per task, for tests and for reproducing a model's known mistakes: one JSON object per
// line, {"task": ID, "sample"?: N, "turns": [{"text"} | {"toolCalls": [{"name", "arguments"}]}]}. A line with a
// sample number is used for that attempt only; one without serves every attempt of its task.
import { readFileSync } from 'node:fs';
import { KopaError } from '../../core/errors.ts';
import { ScriptedBackend, type ScriptedTurn } from '../agent/scriptedBackend.ts';

interface ScriptLine {
  task: string;
  sample?: number;
  turns: ScriptedTurn[];
}

export class ScriptBook {
  readonly file: string;
  private readonly lines: ScriptLine[];

  constructor(file: string) {
    this.file = file;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new KopaError('NotFound', `Cannot read the script ${file}: ${(error as Error).message}`);
    }
    this.lines = text
      .split('\n')
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => line.trim() !== '')
      .map(({ line, i }) => {
        let json: Partial<ScriptLine>;
        try {
          json = JSON.parse(line) as Partial<ScriptLine>;
        } catch {
          throw new KopaError('InvalidRequest', `${file}:${i + 1} is not JSON.`);
        }
        if (typeof json.task !== 'string' || !Array.isArray(json.turns)) {
          throw new KopaError('InvalidRequest', `${file}:${i + 1} needs "task" and "turns".`, { hint: '{"task": "kopa-001", "turns": [{"toolCalls": [{"name": "…", "arguments": {…}}]}, {"text": "…"}]}' });
        }
        return json as ScriptLine;
      });
  }

  /** Whether a file is a per-task script rather than one flat transcript. */
  static isScriptBook(file: string): boolean {
    const first = readFileSync(file, 'utf8').split('\n').find((l) => l.trim() !== '');
    try {
      return first !== undefined && typeof (JSON.parse(first) as { task?: unknown }).task === 'string';
    } catch {
      return false;
    }
  }

  backend(task: string, sample: number): ScriptedBackend {
    const line = this.lines.find((l) => l.task === task && l.sample === sample) ?? this.lines.find((l) => l.task === task && l.sample === undefined);
    if (!line) throw new KopaError('InvalidRequest', `The script ${this.file} has no turns for task ${task} (attempt ${sample}).`);
    return new ScriptedBackend(line.turns, `scripted:${this.file}`);
  }
}
