// Untrusted files are inspected in a child process with a heap limit and a deadline: a file built to exhaust memory or
// to loop for hours costs that process, never the engine. A process, not a worker thread: V8 ends the whole process
// when a heap overflows in some allocations (a chat template's range(10**9)), whatever a worker's resource limits say.
import { fork, type ChildProcess } from 'node:child_process';
import type { KopaError } from '../../main/core/errors.ts';
import { fromErrorPayload, type ErrorPayload } from '../../main/core/errors.ts';
import { saidError } from '../../main/core/i18n/saidError.ts';
import { moduleScript } from '../moduleScript.ts';

export interface InspectOptions {
  /** How long one file may take. Defaults to 20 s. */
  timeoutMs?: number;
  /** The inspecting process's heap. Defaults to 1,024 MiB (a 256k-token vocabulary needs a few hundred). */
  memoryMb?: number;
}

/** How long an idle inspector is kept for the next file (starting one takes a second or more). */
const IDLE_MS = 60_000;

type InspectorMessage<R> = { ready?: boolean; id?: number; report?: R; error?: ErrorPayload };

/**
 * One child process that inspects files, one at a time: it is sent {id, path} and answers {id, report} or {id, error}
 * (after {ready} once its modules are loaded). It is killed when a file runs it out of its time or memory (the next
 * file gets a fresh one) and when it has been idle for a minute; it never keeps the engine's process alive.
 */
export class InspectorProcess<R> {
  private readonly script: URL;
  private current: { child: ChildProcess; ready: Promise<void>; memoryMb: number } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private nextId = 0;

  /** `script`: the inspector's module without its extension. */
  constructor(script: URL) {
    this.script = script;
  }

  run(path: string, options: InspectOptions): Promise<R> {
    const job = this.queue.then(() => this.inspect(path, options));
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** A process and the moment it has loaded its modules (the time a file may take is counted from then). */
  private start(memoryMb: number): { child: ChildProcess; ready: Promise<void>; memoryMb: number } {
    const { file, typescript } = moduleScript(this.script);
    const child = fork(file, [], {
      execArgv: [...(typescript ? ['--import', 'tsx'] : []), `--max-old-space-size=${memoryMb}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    child.unref();
    child.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: InspectorMessage<R>): void => {
        if (!message.ready) return;
        child.off('message', onReady);
        clearTimeout(startup);
        resolve();
      };
      // Starting is slow from the TypeScript sources (tsx compiles node-llama-cpp's imports), never minutes.
      const startup = setTimeout(() => reject(saidError('Internal', { message: 'error.inspectorSlow' })), 120_000);
      child.on('message', onReady);
      child.once('error', (error) => reject(saidError('Internal', { message: 'error.inspectorFailed', vars: { why: error.message } })));
      child.once('exit', (code) => reject(saidError('Internal', { message: 'error.inspectorExited', vars: { code: String(code) } })));
    });
    ready.catch(() => undefined);
    const started = { child, ready, memoryMb };
    child.once('exit', () => {
      if (this.current === started) this.current = undefined;
    });
    return started;
  }

  private stop(): void {
    const current = this.current;
    this.current = undefined;
    current?.child.kill('SIGKILL');
  }

  private async inspect(path: string, options: InspectOptions): Promise<R> {
    clearTimeout(this.idle);
    const timeoutMs = options.timeoutMs ?? 20_000;
    const memoryMb = options.memoryMb ?? 1024;
    if (this.current && this.current.memoryMb !== memoryMb) this.stop();
    const started = (this.current ??= this.start(memoryMb));
    try {
      await started.ready;
    } catch (error) {
      this.stop();
      throw error;
    }
    const { child } = started;
    child.ref();
    child.channel?.ref();
    const id = ++this.nextId;
    const invalid = (why: string): KopaError =>
      saidError('InvalidModelFile', { message: 'error.notInspectable', hint: 'error.notInspectable.hint', vars: { file: path, why } }, { details: { path } });
    return new Promise<R>((resolve, reject) => {
      const done = (outcome: () => void, keep: boolean): void => {
        clearTimeout(deadline);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (keep) {
          child.unref();
          child.channel?.unref();
          this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
        } else this.stop();
        outcome();
      };
      const onMessage = (message: InspectorMessage<R>): void => {
        if (message.id !== id) return;
        done(() => (message.report ? resolve(message.report) : reject(fromErrorPayload(message.error!))), true);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
        done(
          () => reject(invalid(`reading it ended the inspecting process (${signal ?? `exit code ${code}`}; it may have needed more than ${memoryMb} MiB)`)),
          false,
        );
      const deadline = setTimeout(() => done(() => reject(invalid(`reading it took longer than ${timeoutMs / 1000} s`)), false), timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, path });
    });
  }
}
