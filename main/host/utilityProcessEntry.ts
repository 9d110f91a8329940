// The engine inside Electron's utility process: a native crash here (llama.cpp, SQLite) ends this process only,
// and the desktop main process restarts it. Each MessagePort the main process hands over becomes one API client.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serveRpc } from '../api/rpc.ts';
import { electronPortEndpoint, type MessagePortMainLike } from '../api/node/portEndpoint.ts';
import { KEYCHAIN_AVAILABLE, KEYCHAIN_FLAG, type EngineToMain, type MainToEngine } from '../api/hostMessages.ts';
import { toErrorPayload } from '../core/errors.ts';
import { Engine, type EngineOptions } from '../engine/Engine.ts';
import { KEY_VAULT_FILE, KeyVault } from '../engine/keys/keyVault.ts';
import { IpcCipher } from './ipcCipher.ts';

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown; ports: MessagePortMainLike[] }) => void): void;
  postMessage(message: EngineToMain): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (!parentPort) throw new Error('utilityProcessEntry runs only inside an Electron utility process');
const port = parentPort;

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, [KEYCHAIN_FLAG]: { type: 'string' } }, strict: false });
const dataDir = values['data-dir'];
const keychain = values[KEYCHAIN_FLAG];

const cipher = new IpcCipher((message) => port.postMessage(message));
const connections: MessagePortMainLike[][] = [];
let engine: Engine | undefined;
port.on('message', (event) => {
  cipher.receive(event.data as MainToEngine);
  if ((event.data as MainToEngine).kind !== 'connect') return;
  if (engine) for (const p of event.ports) serveRpc(engine, electronPortEndpoint(p));
  else connections.push(event.ports);
});

/** The vault, or why there is none: the engine serves either way, reading keys from the environment. */
async function openVault(folder: string): Promise<Pick<EngineOptions, 'vault' | 'vaultUnavailable'>> {
  if (keychain !== KEYCHAIN_AVAILABLE) return { vaultUnavailable: typeof keychain === 'string' && keychain !== '' ? keychain : 'No OS keychain is available.' };
  try {
    return { vault: await KeyVault.open({ file: path.join(folder, KEY_VAULT_FILE), cipher }) };
  } catch (error) {
    const payload = toErrorPayload(error);
    return { vaultUnavailable: [payload.message, payload.hint].filter(Boolean).join(' ') };
  }
}

try {
  if (typeof dataDir !== 'string') throw new Error('--data-dir is required');
  const keys = await openVault(dataDir);
  const opened = Engine.open({ dataDir, host: 'desktop', store: { sqliteBinding: process.env.KOPA_SQLITE_BINDING }, ...keys });
  engine = opened;
  for (const ports of connections.splice(0)) for (const p of ports) serveRpc(opened, electronPortEndpoint(p));
  const shutdown = (): void => {
    opened.dispose().finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  port.postMessage({ kind: 'ready' });
} catch (error) {
  port.postMessage({ kind: 'failed', error: toErrorPayload(error) });
  process.exitCode = 1;
}
