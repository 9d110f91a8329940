// The protocol that carries the engine API over MessagePorts and WebSockets, run over a real Node MessageChannel.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { RpcClient, serveRpc } from '../../../main/api/rpc.ts';
import { nodePortEndpoint } from '../../../main/api/node/portEndpoint.ts';
import type { ClientMessage, EngineApi, Progress, ServerMessage } from '../../../main/api/contract.ts';
import { isKopaError } from '../../../main/core/errors.ts';
import { testEngine } from '../../helpers/engine.ts';

function connect(api: EngineApi): { client: RpcClient; close: () => void } {
  const { port1, port2 } = new MessageChannel();
  serveRpc(api, nodePortEndpoint<unknown, ServerMessage>(port1));
  const client = new RpcClient(nodePortEndpoint<ServerMessage, ClientMessage>(port2));
  return { client, close: () => port2.close() };
}

describe('engine API over a message port', () => {
  it('answers a call with the same result as a direct call', async () => {
    const engine = testEngine();
    const { client, close } = connect(engine);
    const status = await client.call('engine.status', {});
    expect(status.dataDir).toBe(engine.dataDir);
    expect(status.database.schemaVersion).toBe(engine.store.latestSchemaVersion);
    expect(status.engine.host).toBe('test');
    close();
  });

  it('streams progress while a call runs', async () => {
    const { client, close } = connect(testEngine());
    const seen: Progress[] = [];
    const report = await client.call('engine.doctor', {}, { onProgress: (p) => seen.push(p) });
    expect(report.node).toBe(process.versions.node);
    expect(seen.map((p) => p.done)).toEqual([0, 1, 2, 3]);
    close();
  });

  it('returns typed errors for unknown methods and bad parameters', async () => {
    const { client, close } = connect(testEngine());
    const unknown = await client.call('engine.nope' as 'engine.status', {}).catch((e: unknown) => e);
    expect(isKopaError(unknown, 'NotFound')).toBe(true);
    const bad = await client.call('engine.status', { extra: 1 } as never).catch((e: unknown) => e);
    expect(isKopaError(bad, 'InvalidRequest')).toBe(true);
    expect((bad as Error).message).toContain('extra');
    close();
  });

  it('cancels a running call when its signal aborts', async () => {
    let sawAbort = false;
    const slow: EngineApi = {
      call: (_method, _params, options) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () => {
            sawAbort = true;
            reject(new DOMException('stopped', 'AbortError'));
          });
        }),
    };
    const { client, close } = connect(slow);
    const controller = new AbortController();
    const pending = client.call('engine.status', {}, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    expect(isKopaError(await pending, 'Aborted')).toBe(true);
    expect(sawAbort).toBe(true);
    close();
  });

  it('fails pending calls when the connection closes', async () => {
    const never: EngineApi = { call: () => new Promise(() => undefined) };
    const { client, close } = connect(never);
    const pending = client.call('engine.status', {}).catch((e: unknown) => e);
    setTimeout(close, 10);
    expect(isKopaError(await pending, 'Disposed')).toBe(true);
  });
});
