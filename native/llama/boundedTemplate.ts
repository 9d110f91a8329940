// A model's chat template is code from the model file, run on every turn: it runs in a worker thread with a bounded
// heap (templateWorker.ts), and each render is waited for with a deadline. node-llama-cpp asks for a turn's text
// synchronously, so the engine's thread waits on shared memory (Atomics.wait) rather than a message: a template that
// loops blocks it for the deadline at most, and one that fills memory ends its own thread, not the engine. Either
// breaks the template for good: every later render of this loaded model fails at once with the same error.
import type { Worker } from 'node:worker_threads';
import type { KopaError } from '../../main/core/errors.ts';
import { saidError } from '../../main/core/i18n/saidError.ts';
import { moduleWorker } from '../moduleScript.ts';
import { RENDER_STATE, type RenderRequest, type TemplateWorkerData } from './templateProtocol.ts';

export interface BoundedTemplateOptions {
  /** The model the template is from, named in the error a user sees. */
  model: string;
  /** How long one render may take. Defaults to 5,000 ms (a real template renders a long conversation in a few). */
  deadlineMs?: number;
  /** How long the thread may take to start and read the template. Defaults to 60,000 ms. */
  startMs?: number;
  /**
   * The template thread's heap. Defaults to 256 MiB. Not much less: with 64 MiB, V8 answered range(10**9) by ending
   * the whole process rather than the thread.
   */
  memoryMb?: number;
  /** The most text one render may write. Defaults to 8 MiB (a 16k-token context is well under 1). */
  outputBytes?: number;
}

/** A render the template itself refused (raise_exception, a bad filter): the renderer may try another form. */
export class TemplateRefusal extends Error {}

export class BoundedTemplate {
  private readonly state: Int32Array;
  private readonly output: Uint8Array;
  private readonly options: Required<BoundedTemplateOptions>;
  private worker: Worker | undefined;
  private broken: KopaError | undefined;

  constructor(source: string, options: BoundedTemplateOptions) {
    this.options = { deadlineMs: 5_000, startMs: 60_000, memoryMb: 256, outputBytes: 8 * 1024 * 1024, ...options };
    const control = new SharedArrayBuffer(8);
    const output = new SharedArrayBuffer(this.options.outputBytes);
    this.state = new Int32Array(control);
    this.output = new Uint8Array(output);
    const data: TemplateWorkerData = { source, control, output };
    this.worker = moduleWorker(new URL('templateWorker', import.meta.url), data, {
      maxOldGenerationSizeMb: this.options.memoryMb,
      maxYoungGenerationSizeMb: Math.min(32, this.options.memoryMb),
    });
    // An idle template thread never keeps the process alive; its errors arrive as a missed deadline.
    this.worker.unref();
    this.worker.on('error', () => undefined);
    this.wait(this.options.startMs);
  }

  /**
   * The template's text for `context`, its `strftime_now` writing `moment` (Korean time) where given; a TemplateRefusal
   * where the template raised, a KopaError where it ran out of bounds.
   */
  render(context: Record<string, unknown>, moment?: Date): string {
    if (this.broken) throw this.broken;
    Atomics.store(this.state, 0, RENDER_STATE.waiting);
    const request: RenderRequest = { context, ...(moment ? { moment: moment.toISOString() } : {}) };
    this.worker!.postMessage(request);
    const status = this.wait(this.options.deadlineMs);
    const text = new TextDecoder().decode(this.output.slice(0, Atomics.load(this.state, 1)));
    if (status === RENDER_STATE.refused) throw new TemplateRefusal(text);
    if (status === RENDER_STATE.tooLarge) throw this.fail('tooLarge');
    return text;
  }

  /** Ends the template's thread; a later render fails. */
  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.broken ??= saidError('Disposed', { message: 'error.templateReleased', vars: { model: this.options.model } });
    await worker?.terminate();
  }

  /** Waits for the worker's answer up to `ms`; past it (a loop, or a thread its heap limit ended), the template is broken. */
  private wait(ms: number): number {
    const outcome = Atomics.wait(this.state, 0, RENDER_STATE.waiting, ms);
    if (outcome === 'timed-out') throw this.fail('deadline');
    return Atomics.load(this.state, 0);
  }

  private fail(why: 'deadline' | 'tooLarge'): KopaError {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.broken = saidError(
      'InvalidModelFile',
      {
        message: why === 'deadline' ? 'error.templateBound' : 'error.templateTooLarge',
        hint: 'error.templateBound.hint',
        vars: { model: this.options.model, seconds: Math.round(this.options.deadlineMs / 100) / 10, memory: this.options.memoryMb },
      },
      { details: { model: this.options.model } },
    );
    return this.broken;
  }
}
