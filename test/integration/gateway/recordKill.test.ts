// A process killed while it records leaves a database that opens cleanly and an audit chain that verifies.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import { Engine } from '../../../main/engine/Engine.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { fileEmulator } from '../../helpers/engine.ts';

let live: EmulatorServer;
beforeAll(async () => {
  live = await fileEmulator({ key: 'k' });
});

describe('killed while recording', () => {
  it('leaves the store readable and the audit log intact', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'recordLoop.ts'), dataDir, live.url], {
      cwd: repoRoot,
      env: { ...process.env, KOPA_KEY_DATA_GO_KR: 'k' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let seen = 0;
      child.stdout!.on('data', (d: Buffer) => {
        seen += d.toString().split('\n').filter(Boolean).length;
        if (seen >= 40) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the recorder exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const engine = Engine.open({ dataDir });
    try {
      const verdict = await engine.call('audit.verify', {});
      expect(verdict.ok).toBe(true);
      expect(verdict.entries).toBeGreaterThanOrEqual(40);
      const [snapshot] = await engine.call('snapshots.list', {});
      expect(snapshot!.recordings).toBeGreaterThanOrEqual(30);
      const replayed = await engine.call('gateway.call', { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth: '05' }, mode: 'replay' });
      expect(replayed.ok).toBe(true);
    } finally {
      await engine.dispose();
    }
  });
});
