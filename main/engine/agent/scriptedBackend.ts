// A backend that replays a transcript: one JSON object per line, each a model turn ({"text"?, "toolCalls"?:
// [{"name", "arguments"}]}). Tests and demos run the whole agent loop (validation, gateway, storage) with it.
import { readFileSync } from 'node:fs';
import type { ModelTurn } from '../../core/agent/types.ts';
import { KopaError } from '../../core/errors.ts';
import type { ModelBackend } from './backend.ts';

export interface ScriptedTurn {
  text?: string;
  toolCalls?: { name: string; arguments?: Record<string, unknown> }[];
}

export class ScriptedBackend implements ModelBackend {
  readonly id: string;
  private readonly turns: ScriptedTurn[];
  private next = 0;

  constructor(turns: ScriptedTurn[], id = 'scripted') {
    this.turns = turns;
    this.id = id;
  }

  static fromFile(file: string): ScriptedBackend {
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
    } catch (error) {
      throw new KopaError('NotFound', `Cannot read the transcript ${file}: ${(error as Error).message}`);
    }
    const turns = lines.map((line, i) => {
      try {
        return JSON.parse(line) as ScriptedTurn;
      } catch {
        throw new KopaError('InvalidRequest', `${file}:${i + 1} is not JSON.`, { hint: 'Each line is one turn: {"text": "…"} or {"toolCalls": [{"name": "…", "arguments": {…}}]}.' });
      }
    });
    return new ScriptedBackend(turns, `scripted:${file}`);
  }

  async turn(messages: Parameters<ModelBackend['turn']>[0]): Promise<ModelTurn> {
    const scripted = this.turns[this.next++];
    if (!scripted) throw new KopaError('InvalidRequest', `The transcript has no turn ${this.next}.`);
    const toolCalls = (scripted.toolCalls ?? []).map((c, i) => ({ id: `call_${messages.length}_${i + 1}`, name: c.name, arguments: c.arguments ?? {} }));
    return { text: scripted.text ?? '', toolCalls, usage: { inputTokens: 0, outputTokens: 0 }, stop: toolCalls.length ? 'toolCalls' : 'end' };
  }

  async dispose(): Promise<void> {}
}
