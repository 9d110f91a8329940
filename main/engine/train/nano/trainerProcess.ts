// The Python side of KOPA-Nano (resources/train/nano): found where torch and sentencepiece import (KOPA_PYTHON, else
// the system's own python3, which on Debian is the one python3-torch installs for, else the first on the PATH), run
// as a child process whose JSON lines on stdout are its progress, stopped with SIGTERM (it checkpoints and exits).
// Only training needs Python: chatting with the model it makes does not.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { saidError } from '../../../core/i18n/saidError.ts';

/** What the trainer imports. */
const PROBE = 'import torch, sentencepiece, numpy';

const candidatesOf = (env: Record<string, string | undefined>): string[] =>
  [env.KOPA_PYTHON, '/usr/bin/python3', 'python3'].filter((c): c is string => Boolean(c));

/** The interpreter that can train, or null. */
export function trainingPythonOrNull(env: Record<string, string | undefined>): string | null {
  return candidatesOf(env).find((c) => spawnSync(c, ['-c', PROBE], { stdio: 'ignore', timeout: 60_000 }).status === 0) ?? null;
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

export interface TrainerRun {
  python: string;
  /** resources/train/nano. */
  scripts: string;
  args: string[];
  /** Threads torch may use. Defaults to the machine's. */
  threads?: number;
  onEvent?: (event: TrainerEvent) => void;
  signal?: AbortSignal;
}

/** Runs one nano.py command to its end; the events it printed, in order. Its stderr's last lines say why it failed. */
export function runTrainer(run: TrainerRun): Promise<TrainerEvent[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.python, [path.join(run.scripts, 'nano.py'), ...run.args], {
      cwd: run.scripts,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PYTHONUNBUFFERED: '1',
        PYTHONDONTWRITEBYTECODE: '1',
        GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? KEEP_HEAP,
        ...(run.threads ? { OMP_NUM_THREADS: String(run.threads) } : {}),
      },
    });
    const events: TrainerEvent[] = [];
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      try {
        const event = JSON.parse(line) as TrainerEvent;
        events.push(event);
        run.onEvent?.(event);
      } catch {
        // A line that only looks like an event is the trainer's own output, not an event.
      }
    });
    const stop = (): void => void child.kill('SIGTERM');
    run.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      run.signal?.removeEventListener('abort', stop);
      if (code === 0) return resolve(events);
      if (run.signal?.aborted) return reject(saidError('Aborted', { message: 'error.trainingStopped' }));
      reject(
        saidError('Internal', {
          message: 'error.trainerFailed',
          vars: { command: run.args[0] ?? '', code: String(code), stderr: stderr.trim().split('\n').slice(-6).join('\n') },
        }),
      );
    });
  });
}
