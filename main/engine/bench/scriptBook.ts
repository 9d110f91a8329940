// Scripted model turns per task, for tests and for reproducing a model's known mistakes: one JSON object per
// line, {"task": ID, "sample"?: N, "turns": [{"text"} | {"toolCalls": [{"name", "arguments"}]}]}. A line with a
// sample number is used for that attempt only; one without serves every attempt of its task.
import { ScriptedBackend, type ScriptedTurn } from '../models/scriptedBackend.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { readInputFile } from '../files/readInputFile.ts';

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
    const text = readInputFile(file).toString('utf8');
    this.lines = text
      .split('\n')
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => line.trim() !== '')
      .map(({ line, i }) => {
        let json: Partial<ScriptLine>;
        try {
          json = JSON.parse(line) as Partial<ScriptLine>;
        } catch {
          throw saidError('InvalidRequest', { message: 'error.lineNotJson', vars: { file, line: i + 1 } });
        }
        if (typeof json.task !== 'string' || !Array.isArray(json.turns)) {
          throw saidError('InvalidRequest', { message: 'error.scriptLine', hint: 'error.scriptLine.hint', vars: { file, line: i + 1 } });
        }
        return json as ScriptLine;
      });
  }

  /** Whether a file is a per-task script rather than one flat transcript. */
  static isScriptBook(file: string): boolean {
    const first = readInputFile(file)
      .toString('utf8')
      .split('\n')
      .find((l) => l.trim() !== '');
    try {
      return first !== undefined && typeof (JSON.parse(first) as { task?: unknown }).task === 'string';
    } catch {
      return false;
    }
  }

  backend(task: string, sample: number): ScriptedBackend {
    const line = this.lines.find((l) => l.task === task && l.sample === sample) ?? this.lines.find((l) => l.task === task && l.sample === undefined);
    if (!line) throw saidError('InvalidRequest', { message: 'error.scriptNoTask', vars: { file: this.file, task, sample } });
    return new ScriptedBackend(line.turns, `scripted:${this.file}`);
  }
}
