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
import { decryptForTest, encryptForTest } from '../../helpers/testCipher.ts';
import { KEYCHAIN_AVAILABLE, KEYCHAIN_FLAG, type EngineToMain, type MainToEngine } from '../../../main/api/hostMessages.ts';
import { KEY_VAULT_FILE } from '../../../main/engine/keys/keyVault.ts';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const entry = path.join(repoRoot, 'dist', 'desktop', 'engine.mjs');
const workers: Worker[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.terminate();
});

const keychainKey = randomBytes(32);

/** Starts the bundle as Electron would; like the main process, it answers the engine's keychain requests. */
function startEngine(dataDir: string, keychain = KEYCHAIN_AVAILABLE): { worker: Worker; first: Promise<EngineToMain> } {
  const worker = new Worker(path.join(import.meta.dirname, 'fakeUtilityProcess.mjs'), {
    argv: ['--data-dir', dataDir, `--${KEYCHAIN_FLAG}=${keychain}`],
    env: { ...process.env, KOPA_ENGINE_ENTRY: entry },
  });
  workers.push(worker);
  worker.on('message', (message: EngineToMain) => {
    if (message.kind !== 'cipher') return;
    const data =
      message.op === 'encrypt'
        ? encryptForTest(keychainKey, message.data).toString('base64')
        : decryptForTest(keychainKey, Buffer.from(message.data, 'base64'));
    const answer: MainToEngine = { kind: 'cipher.result', id: message.id, data };
    worker.postMessage({ data: answer, ports: [] });
  });
  const first = new Promise<EngineToMain>((resolve) => {
    const onMessage = (message: EngineToMain): void => {
      if (message.kind === 'cipher') return;
      worker.off('message', onMessage);
      resolve(message);
    };
    worker.on('message', onMessage);
  });
  return { worker, first };
}

function connect(worker: Worker): RpcClient {
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ data: { kind: 'connect' }, ports: [port1] }, [port1]);
  return new RpcClient(nodePortEndpoint<ServerMessage, ClientMessage>(port2));
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
      const status = await connect(worker).call('engine.status', {});
      expect(status.engine.host).toBe('desktop');
      expect(status.dataDir).toBe(dataDir);
    }
  });

  it('reports a failure it cannot recover from instead of serving', async () => {
    const dataDir = tempDir();
    (await import('node:fs')).writeFileSync(path.join(dataDir, 'kopa.db'), 'not a database'.repeat(20));
    const { first } = startEngine(dataDir);
    const message = await first;
    expect(message.kind).toBe('failed');
    expect(message.kind === 'failed' && message.error.code).toBe('CorruptDatabase');
  });

  it("keeps API keys in a vault encrypted by the main process's keychain, across restarts", async () => {
    const dataDir = tempDir();
    const first = startEngine(dataDir);
    expect((await first.first).kind).toBe('ready');
    const report = await connect(first.worker).call('keys.set', { keyId: 'vworld', key: 'VWORLD-KEY-0001' });
    expect(report.vault).toMatchObject({ available: true, file: path.join(dataDir, KEY_VAULT_FILE) });
    expect(readFileSync(path.join(dataDir, KEY_VAULT_FILE), 'utf8')).not.toContain('VWORLD-KEY-0001');
    await first.worker.terminate();
    const second = startEngine(dataDir);
    expect((await second.first).kind).toBe('ready');
    const after = await connect(second.worker).call('keys.status', {});
    expect(after.keys.find((k) => k.keyId === 'vworld')?.source).toBe('vault');
  });

  it('serves without a vault where the main process has no keychain, and says why', async () => {
    const { worker, first } = startEngine(tempDir(), 'No keyring is running.');
    expect((await first).kind).toBe('ready');
    const report = await connect(worker).call('keys.status', {});
    expect(report.vault).toEqual({ available: false, file: null, reason: 'No keyring is running.' });
  });
});
