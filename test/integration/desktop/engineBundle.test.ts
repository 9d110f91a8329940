// The engine bundle the desktop app runs in its utility process (dist/desktop/engine.mjs, built by npm run build),
// started in a worker that plays the utility process, and reached over a MessagePort as the window reaches it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RpcClient } from '../../../main/api/rpc.ts';
import { nodePortEndpoint } from '../../../main/api/node/portEndpoint.ts';
import type { ClientMessage, ServerMessage } from '../../../main/api/contract.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const entry = path.join(repoRoot, 'dist', 'desktop', 'engine.mjs');
const workers: Worker[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.terminate();
});

function startEngine(dataDir: string): { worker: Worker; first: Promise<{ kind: string; error?: { code: string; message: string } }> } {
  const worker = new Worker(path.join(import.meta.dirname, 'fakeUtilityProcess.mjs'), {
    argv: ['--data-dir', dataDir],
    env: { ...process.env, KOPA_ENGINE_ENTRY: entry },
  });
  workers.push(worker);
  return { worker, first: new Promise((resolve) => worker.once('message', resolve)) };
}

describe('desktop engine bundle', () => {
  it('is built', () => {
    expect(existsSync(entry), 'run npm run build first').toBe(true);
  });

  it('announces readiness and serves the API on each port it is handed', async () => {
    const dataDir = tempDir();
    const { worker, first } = startEngine(dataDir);
    expect((await first).kind).toBe('ready');
    for (let i = 0; i < 2; i++) {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ data: { kind: 'connect' }, ports: [port1] }, [port1]);
      const client = new RpcClient(nodePortEndpoint<ServerMessage, ClientMessage>(port2));
      const status = await client.call('engine.status', {});
      expect(status.engine.host).toBe('desktop');
      expect(status.dataDir).toBe(dataDir);
      port2.close();
    }
  });

  it('reports a failure it cannot recover from instead of serving', async () => {
    const dataDir = tempDir();
    (await import('node:fs')).writeFileSync(path.join(dataDir, 'kopa.db'), 'not a database'.repeat(20));
    const { first } = startEngine(dataDir);
    const message = await first;
    expect(message.kind).toBe('failed');
    expect(message.error?.code).toBe('CorruptDatabase');
  });
});
