// Reward requests scored off the service's thread: one batch of 8,000-call completions takes a second or more,
// and a rollout's tool call or a GET must not wait for it. The worker is started with the service (it loads the
// catalog and the dataset's references once), restarted if it ever ends, and ended with the service.
import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../../../../native/moduleScript.ts';
import type { ToolSpec } from '../../../core/catalog/types.ts';
import { fromErrorPayload, type ErrorPayload } from '../../../core/errors.ts';
import { saidError } from '../../../core/i18n/saidError.ts';
import type { RewardLimits } from '../../../core/train/reward/rewardRequest.ts';
import type { RewardPreset } from '../../../core/train/reward/types.ts';
import type { SynthSample } from '../../../core/synth/types.ts';

/** What the worker builds its reward book from (plain data: it crosses to the thread as a structured clone). */
export interface RewardWorkerData {
  tools: ToolSpec[];
  samples: SynthSample[];
  dataset?: string;
  preset: RewardPreset;
  limits: RewardLimits;
}

type WorkerMessage = { ready?: true; id?: number; value?: unknown; error?: ErrorPayload };

export class RewardThread {
  private worker: { thread: Worker; ready: Promise<void> } | undefined;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  constructor(private readonly data: RewardWorkerData) {
    this.start();
  }

  /**
   * The response to a reward request's body (UTF-8 JSON), or the request's error (a KopaError). The bytes move to
   * the worker without a copy where they own their memory; the caller must not use them afterwards.
   */
  async score(body: Uint8Array): Promise<unknown> {
    const { thread, ready } = this.worker ?? this.start();
    await ready;
    const id = ++this.nextId;
    // A small Buffer is a slice of a shared pool: that is copied, never handed over.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.postMessage({ id, body: own }, [own.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.thread.terminate();
  }

  private start(): { thread: Worker; ready: Promise<void> } {
    // A long completion is tens of thousands of short-lived objects; a roomier young generation collects them in
    // fewer pauses (an 8,000-call item: about 25 % faster on a 2-core machine than with the default).
    const thread = moduleWorker(new URL('rewardWorker', import.meta.url), this.data, { maxYoungGenerationSizeMb: 128 });
    let started: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    ready.catch(() => undefined);
    const worker = { thread, ready };
    thread.on('message', (message: WorkerMessage) => {
      if (message.ready) return started();
      const waiting = this.pending.get(message.id!);
      this.pending.delete(message.id!);
      if (message.error) waiting?.reject(fromErrorPayload(message.error));
      else waiting?.resolve(message.value);
    });
    thread.on('error', (error) => failed(saidError('Internal', { message: 'error.reward.scorerFailed', vars: { why: error.message } })));
    thread.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      const stopped = saidError('Internal', { message: 'error.reward.scorerStopped', hint: 'error.reward.scorerStopped.hint', vars: { code } });
      failed(stopped);
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(stopped);
      }
    });
    this.worker = worker;
    return worker;
  }
}
