// The Python side of KOPA-Nano (resources/train/nano): found where torch and sentencepiece import (KOPA_PYTHON, else
// the system's own python3, which on Debian is the one python3-torch installs for, else the first on the PATH), run
// as a child process whose JSON lines on stdout are its progress, stopped with SIGTERM (it checkpoints and exits).
// A run's commands (tokenizer, train, export, generate, grpo...) go to one process in turn: importing torch costs
// 2-3 s on a 2-core machine, once per command before, which a GRPO run paid twice an iteration.
// Only training needs Python: chatting with the model it makes does not.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { saidError } from '../../../core/i18n/saidError.ts';

/** What the trainer imports. */
const PROBE = 'import torch, sentencepiece, numpy';

const candidatesOf = (env: Record<string, string | undefined>): string[] =>
  [env.KOPA_PYTHON, '/usr/bin/python3', 'python3'].filter((c): c is string => Boolean(c));

/**
 * Interpreters found able to train, by the candidates asked: each probe imports torch (2-3 s, blocking). One that
 * failed is asked again next time, so that installing the packages needs no restart.
 */
const trainers = new Map<string, string>();

/** The interpreter that can train, or null. */
export function trainingPythonOrNull(env: Record<string, string | undefined>): string | null {
  const candidates = candidatesOf(env);
  const key = candidates.join('\0');
  const known = trainers.get(key);
  if (known) return known;
  const python = candidates.find((c) => spawnSync(c, ['-c', PROBE], { stdio: 'ignore', timeout: 60_000 }).status === 0) ?? null;
  if (python) trainers.set(key, python);
  return python;
}

/** The interpreter that can train, or a typed error that says what to install. */
export function trainingPython(env: Record<string, string | undefined>): string {
  const found = trainingPythonOrNull(env);
  if (found) return found;
  const candidates = candidatesOf(env);
  throw saidError('RuntimeUnavailable', {
    message: 'error.noTrainingPython',
    hint: 'error.noTrainingPython.hint',
    vars: { tried: candidates.join(', ') },
  });
}

/**
 * glibc hands each large tensor's memory back to the kernel when it is freed and faults it in again, zeroed, on the
 * next step: on this 2-core machine a step of the shipped model's run took 7.7 s that way and 2.4 s with the heap
 * kept (`npm run perf`, test/perf/nanoStep.bench.test.ts). The trainer keeps its heap, unless the user set glibc's tunables themselves; other C
 * libraries ignore the variable.
 */
export const KEEP_HEAP = 'glibc.malloc.mmap_threshold=4294967296:glibc.malloc.trim_threshold=4294967296';

export interface TrainerEvent {
  event: string;
  [field: string]: unknown;
}

export interface TrainerOptions {
  python: string;
  /** resources/train/nano. */
  scripts: string;
  /** Threads torch may use. Defaults to the machine's. */
  threads?: number;
}

export interface TrainerRun extends TrainerOptions {
  args: string[];
  onEvent?: (event: TrainerEvent) => void;
  signal?: AbortSignal;
}

/** The line nano.py's serve loop prints after each command it finished. */
const SERVED = 'served';

interface Pending {
  args: string[];
  events: TrainerEvent[];
  onEvent?: (event: TrainerEvent) => void;
  resolve: (events: TrainerEvent[]) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
}

/**
 * One nano.py process serving a run's commands in turn, started at the first and ended by `close()`. A command that
 * fails, or is stopped outside training (where SIGTERM ends the process), ends the process too; the next command
 * starts another.
 */
export class TrainerSession implements AsyncDisposable {
  #child: ChildProcess | null = null;
  #pending: Pending | null = null;
  #stderr = '';

  constructor(private readonly options: TrainerOptions) {}

  /**
   * Runs one nano.py command to its end; the events it printed, in order. Its stderr's last lines say why it failed.
   * The process serves one command at a time: a run awaits each before sending the next.
   */
  run(args: string[], onEvent?: (event: TrainerEvent) => void, signal?: AbortSignal): Promise<TrainerEvent[]> {
    if (this.#pending) return Promise.reject(new Error(`nano.py is still running ${this.#pending.args[0]}; await it first`));
    return this.#send(args, onEvent, signal);
  }

  /** Ends the process; a command still running ends with it. */
  async close(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    const late = setTimeout(() => child.kill('SIGTERM'), 10_000);
    await exited;
    clearTimeout(late);
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #send(args: string[], onEvent: ((event: TrainerEvent) => void) | undefined, signal: AbortSignal | undefined): Promise<TrainerEvent[]> {
    return new Promise((resolve, reject) => {
      const child = this.#child ?? this.#spawn();
      this.#pending = { args, events: [], resolve, reject, ...(onEvent ? { onEvent } : {}), ...(signal ? { signal } : {}) };
      // Training stops at SIGTERM with a checkpoint and goes on serving; any other command ends with the process.
      const stop = (): void => void child.kill('SIGTERM');
      signal?.addEventListener('abort', stop, { once: true });
      const settle = (): void => signal?.removeEventListener('abort', stop);
      this.#pending.resolve = (events) => (settle(), resolve(events));
      this.#pending.reject = (error) => (settle(), reject(error));
      child.stdin?.write(`${JSON.stringify(args)}\n`);
    });
  }

  #spawn(): ChildProcess {
    const { python, scripts, threads } = this.options;
    const child = spawn(python, [path.join(scripts, 'nano.py'), 'serve'], {
      cwd: scripts,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PYTHONUNBUFFERED: '1',
        PYTHONDONTWRITEBYTECODE: '1',
        GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? KEEP_HEAP,
        ...(threads ? { OMP_NUM_THREADS: String(threads) } : {}),
      },
    });
    this.#child = child;
    this.#stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      this.#stderr = (this.#stderr + d.toString()).slice(-4000);
    });
    // A closed pipe is said by 'close' below, with the exit code.
    child.stdin?.on('error', () => undefined);
    if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => this.#line(line));
    child.on('error', (error) => this.#fail(error));
    child.on('close', (code) => {
      this.#child = null;
      const pending = this.#pending;
      if (!pending) return;
      this.#pending = null;
      if (pending.signal?.aborted) return pending.reject(saidError('Aborted', { message: 'error.trainingStopped' }));
      pending.reject(
        saidError('Internal', {
          message: 'error.trainerFailed',
          vars: { command: pending.args[0] ?? '', code: String(code), stderr: this.#stderr.trim().split('\n').slice(-6).join('\n') },
        }),
      );
    });
    return child;
  }

  #line(line: string): void {
    const pending = this.#pending;
    if (!pending || !line.startsWith('{')) return;
    let event: TrainerEvent;
    try {
      event = JSON.parse(line) as TrainerEvent;
    } catch {
      // A line that only looks like an event is the trainer's own output, not an event.
      return;
    }
    if (event.event === SERVED) {
      this.#pending = null;
      pending.resolve(pending.events);
      return;
    }
    pending.events.push(event);
    pending.onEvent?.(event);
  }

  #fail(error: Error): void {
    const pending = this.#pending;
    this.#pending = null;
    this.#child = null;
    pending?.reject(error);
  }
}

/** Runs one nano.py command in a process of its own. */
export async function runTrainer(run: TrainerRun): Promise<TrainerEvent[]> {
  const session = new TrainerSession(run);
  try {
    return await session.run(run.args, run.onEvent, run.signal);
  } finally {
    await session.close();
  }
}
