// A loaded model asked for one rewrite of a request per sample, forced to answer through rewrite_request. Failures
// of the model (no call, a server error) are a rejected rewrite, not a failed run; an abort stops the run.
import { KopaError } from '../../core/errors.ts';
import { PARAPHRASE_TOOL, paraphraseMessages, rewriteOf, type ParaphraseInput } from '../../core/synth/paraphrase.ts';
import type { ModelBackend } from '../models/backend.ts';

export interface ParaphraserOptions {
  /** Sampling temperature; 0.7 by default, so that rewrites differ from the template and from each other. */
  temperature?: number;
  /** Tokens a rewrite may take; 256 by default (a Korean request of 160 characters with its call). */
  maxTokens?: number;
  signal?: AbortSignal;
}

export type RewriteOutcome = { ok: true; request: string } | { ok: false; problem: string };

export class Paraphraser {
  private readonly backend: ModelBackend;
  private readonly options: Required<Omit<ParaphraserOptions, 'signal'>> & Pick<ParaphraserOptions, 'signal'>;

  constructor(backend: ModelBackend, options: ParaphraserOptions = {}) {
    this.backend = backend;
    this.options = { temperature: options.temperature ?? 0.7, maxTokens: options.maxTokens ?? 256, signal: options.signal };
  }

  /** Where rewrites come from, for the dataset card. */
  get model(): string {
    return this.backend.id;
  }

  async rewrite(input: ParaphraseInput, seed: number): Promise<RewriteOutcome> {
    try {
      const turn = await this.backend.turn(paraphraseMessages(input), [PARAPHRASE_TOOL], {
        toolChoice: 'required',
        temperature: this.options.temperature,
        maxTokens: this.options.maxTokens,
        seed,
        signal: this.options.signal,
      });
      const out = rewriteOf(turn.toolCalls, turn.text);
      return out.request !== undefined ? { ok: true, request: out.request } : { ok: false, problem: out.problem ?? 'no rewrite' };
    } catch (error) {
      if (this.options.signal?.aborted || (error instanceof KopaError && error.code === 'Aborted')) throw error;
      return { ok: false, problem: error instanceof Error ? error.message : String(error) };
    }
  }
}
