// A backend that replays a transcript: one JSON object per line, each a model turn ({"text"?, "toolCalls"?:
// [{"name", "arguments"}]}). Tests and demos run the whole agent loop (validation, gateway, storage) with it.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ModelTurn } from '../../core/agent/types.ts';
import { KopaError } from '../../core/errors.ts';
import type { ModelBackend } from './backend.ts';

const FORMAT = 'Each line is one model turn: {"text": "…"} for an answer, {"toolCalls": [{"name": "kma_getUltraSrtNcst", "arguments": {…}}]} for calls (tool names with _ for .), or both.';

const scriptedTurnSchema = z
  .object({
    text: z.string().optional(),
    toolCalls: z.array(z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).optional() }).strict()).optional(),
  })
  .strict()
  .refine((t) => t.text !== undefined || (t.toolCalls?.length ?? 0) > 0, { message: 'a turn needs "text" or at least one of "toolCalls"' });

export type ScriptedTurn = z.infer<typeof scriptedTurnSchema>;

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
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new KopaError('InvalidRequest', `${file}:${i + 1} is not JSON.`, { hint: FORMAT });
      }
      const turn = scriptedTurnSchema.safeParse(json);
      if (!turn.success) {
        const issue = turn.error.issues[0]!;
        throw new KopaError('InvalidRequest', `${file}:${i + 1} is not a model turn: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}.`, { hint: FORMAT });
      }
      return turn.data;
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
