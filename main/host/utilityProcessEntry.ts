// The engine inside Electron's utility process: a native crash here (llama.cpp, SQLite) ends this process only,
// and the desktop main process restarts it. Each MessagePort the main process hands over becomes one API client.
import { parseArgs } from 'node:util';
import { serveRpc } from '../api/rpc.ts';
import { electronPortEndpoint, type MessagePortMainLike } from '../api/node/portEndpoint.ts';
import { toErrorPayload } from '../core/errors.ts';
import { Engine } from '../engine/Engine.ts';

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown; ports: MessagePortMainLike[] }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (!parentPort) throw new Error('utilityProcessEntry runs only inside an Electron utility process');

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } }, strict: false });
const dataDir = values['data-dir'];

try {
  if (typeof dataDir !== 'string') throw new Error('--data-dir is required');
  const engine = Engine.open({ dataDir, host: 'desktop', store: { sqliteBinding: process.env.KOPA_SQLITE_BINDING } });
  parentPort.on('message', (event) => {
    for (const port of event.ports) serveRpc(engine, electronPortEndpoint(port));
  });
  const shutdown = (): void => {
    engine.dispose().finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  parentPort.postMessage({ kind: 'ready' });
} catch (error) {
  parentPort.postMessage({ kind: 'failed', error: toErrorPayload(error) });
  process.exitCode = 1;
}
