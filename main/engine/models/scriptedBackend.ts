// A backend that replays a transcript: one JSON object per line, each a model turn ({"text"?, "toolCalls"?:
// [{"name", "arguments"}], "thinking"?}). Tests and demos run the whole agent loop (validation, gateway, storage)
// with it.
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { z } from 'zod';
import type { ModelBackend, TurnOptions } from './backend.ts';
import type { ModelTool, ModelTurn } from '../../core/agent/types.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { readInputFile } from '../files/readInputFile.ts';

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Characters per streamed chunk: about one token of Korean text. */
const CHUNK_CHARS = 2;

const scriptedTurnSchema = z
  .object({
    text: z.string().optional(),
    /** What a thinking model thought before this turn. */
    thinking: z.string().optional(),
    toolCalls: z.array(z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()).optional() }).strict()).optional(),
    tokenDelayMs: z.number().int().min(0).max(10_000).optional(),
    /** How long the turn writes nothing first, as a model reading its prompt does. */
    promptMs: z.number().int().min(0).max(600_000).optional(),
  })
  .strict()
  .refine((t) => t.text !== undefined || (t.toolCalls?.length ?? 0) > 0, { message: 'a turn needs "text" or at least one of "toolCalls"' });

export type ScriptedTurn = z.infer<typeof scriptedTurnSchema>;

export class ScriptedBackend implements ModelBackend {
  readonly id: string;
  private readonly turns: ScriptedTurn[];
  /** Each turn's calls' arguments as written in the file (15.0 stays a float for BFCL). */
  private readonly rawArguments: (string | undefined)[][];
  private next = 0;

  constructor(turns: ScriptedTurn[], id = 'scripted', rawArguments: (string | undefined)[][] = []) {
    this.turns = turns;
    this.id = id;
    this.rawArguments = rawArguments;
  }

  static fromFile(file: string): ScriptedBackend {
    const lines = readInputFile(file)
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const turns = lines.map((line, i) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw saidError('InvalidRequest', { message: 'error.lineNotJson', hint: 'error.scriptedFormat', vars: { file, line: i + 1 } });
      }
      const turn = scriptedTurnSchema.safeParse(json);
      if (!turn.success) {
        const issue = turn.error.issues[0]!;
        throw saidError('InvalidRequest', {
          message: 'error.notModelTurn',
          hint: 'error.scriptedFormat',
          vars: { file, line: i + 1, problem: `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` },
        });
      }
      return turn.data;
    });
    const raw = lines.map((line) => {
      const calls = (parseLossless(line) as { toolCalls?: { arguments?: unknown }[] }).toolCalls ?? [];
      return calls.map((c) => (c.arguments === undefined ? undefined : stringifyLossless(c.arguments)));
    });
    return new ScriptedBackend(turns, `scripted:${file}`, raw);
  }

  async turn(messages: Parameters<ModelBackend['turn']>[0], _tools: ModelTool[], options: TurnOptions = {}): Promise<ModelTurn> {
    const raw = this.rawArguments[this.next] ?? [];
    const scripted = this.turns[this.next++];
    if (!scripted) throw saidError('InvalidRequest', { message: 'error.transcriptEnded', vars: { n: this.next } });
    const toolCalls = (scripted.toolCalls ?? []).map((c, i) => ({
      id: `call_${messages.length}_${i + 1}`,
      name: c.name,
      arguments: c.arguments ?? {},
      ...(raw[i] !== undefined ? { rawArguments: raw[i] } : {}),
    }));
    const text = scripted.text ?? '';
    const usage = { inputTokens: 0, outputTokens: 0 };
    if (scripted.promptMs) {
      await delay(scripted.promptMs, options.signal);
      if (options.signal?.aborted) return { text: '', toolCalls: [], usage, stop: 'abort' };
    }
    if (options.onToken && text !== '') {
      // Streamed as a model would, so that clients' streaming, stop and regenerate can be exercised without weights.
      const chars = [...text];
      for (let i = 0; i < chars.length; i += CHUNK_CHARS) {
        // A stopped stream says what it wrote, a chunk a token, as a model's meter would.
        if (options.signal?.aborted)
          return { text: chars.slice(0, i).join(''), toolCalls: [], usage: { ...usage, outputTokens: i / CHUNK_CHARS }, stop: 'abort' };
        options.onToken(chars.slice(i, i + CHUNK_CHARS).join(''));
        if (scripted.tokenDelayMs) await delay(scripted.tokenDelayMs, options.signal);
      }
      if (options.signal?.aborted) return { text, toolCalls: [], usage, stop: 'abort' };
    }
    return { text, toolCalls, usage, stop: toolCalls.length ? 'toolCalls' : 'end', ...(scripted.thinking ? { thinking: scripted.thinking } : {}) };
  }

  async dispose(): Promise<void> {}
}
