// A run's trainer commands go to one Python process in turn (importing torch costs seconds per process): checked
// against a stand-in nano.py that speaks the same serve protocol without torch, so that it runs wherever Python does.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TrainerSession } from '../../../main/engine/train/nano/trainerProcess.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const python = spawnSync('python3', ['--version']).status === 0 ? 'python3' : null;

// Each command says its process; "fail" dies as a failing command does, "wait" sleeps until stopped.
const STAND_IN = `
import json, os, signal, sys, time
def say(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)
assert sys.argv[1:] == ["serve"]
while True:
    line = sys.stdin.readline()
    if not line:
        break
    args = json.loads(line)
    if args[0] == "fail":
        print("Traceback: the corpus is empty", file=sys.stderr, flush=True)
        sys.exit(3)
    if args[0] == "wait":
        say("waiting")
        time.sleep(60)
    say("ran", command=args[0], pid=os.getpid())
    say("served")
`;

function standIn(): string {
  const scripts = tempDir();
  writeFileSync(path.join(scripts, 'nano.py'), STAND_IN);
  return scripts;
}

describe.skipIf(!python)('a run’s trainer process', () => {
  it('serves a run’s commands in one process, and ends it when the run closes', async () => {
    const session = new TrainerSession({ python: python!, scripts: standIn() });
    const seen: string[] = [];
    const first = await session.run(['export'], (e) => seen.push(e.event));
    const second = await session.run(['generate']);
    // One command at a time: a second sent before the first answered would read the first's events as its own.
    const running = session.run(['export']);
    await expect(session.run(['generate'])).rejects.toThrow(/still running export/);
    await running;
    expect(first).toEqual([{ event: 'ran', command: 'export', pid: expect.any(Number) }]);
    expect(second[0]!.pid).toBe(first[0]!.pid);
    expect(seen).toEqual(['ran']);
    await session.close();
    expect(() => process.kill(first[0]!.pid as number, 0)).toThrow();
  });

  it('says why a command failed, in the trainer’s words, and starts a new process for the next', async () => {
    const session = new TrainerSession({ python: python!, scripts: standIn() });
    try {
      const before = await session.run(['export']);
      await expect(session.run(['fail'])).rejects.toThrow(/fail.*3.*the corpus is empty/s);
      const after = await session.run(['export']);
      expect(after[0]!.pid).not.toBe(before[0]!.pid);
    } finally {
      await session.close();
    }
  });

  it('stops a command when its run is stopped, saying so', async () => {
    const session = new TrainerSession({ python: python!, scripts: standIn() });
    const stop = new AbortController();
    try {
      const waiting = session.run(['wait'], (e) => e.event === 'waiting' && stop.abort(), stop.signal);
      await expect(waiting).rejects.toMatchObject({ code: 'Aborted', message: expect.stringMatching(/stopped/) });
      expect((await session.run(['export']))[0]).toMatchObject({ command: 'export' });
    } finally {
      await session.close();
    }
  });
});
