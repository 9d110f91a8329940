// The gateway's API methods: one audited call, quotas, parsing a body as a tool's response, and record/replay
// snapshots with the bundles that carry them between machines.
import path from 'node:path';
import type { GatewayMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { RecordingRepository } from '../store/repositories/RecordingRepository.ts';
import { exportBundle, importBundle } from './bundle.ts';

export const gatewayMethods = (engine: EngineServices): MethodHandlers<GatewayMethods> => ({
  'gateway.call': ({ tool, args, mode, snapshot, raw }, options) =>
    engine.gateway().call(tool, args, { mode, snapshot, raw, signal: options.signal, origin: 'call' }),
  'gateway.quota': async ({ tool }) => engine.gateway().quotaUsage(tool),
  'gateway.parse': async ({ tool, body, bodyBase64, status, contentType }) =>
    engine.gateway().parse(tool, {
      status: status ?? 200,
      contentType: contentType ?? '',
      body: bodyBase64 !== undefined ? Buffer.from(bodyBase64, 'base64') : Buffer.from(body ?? '', 'utf8'),
    }),
  'snapshots.list': async () => new RecordingRepository(engine.store.db).snapshots(),
  'bundle.export': async ({ snapshot, file }, options) => exportBundle(engine.store, snapshot, path.resolve(file), options.onProgress),
  'bundle.import': async ({ file, as }, options) => importBundle(engine.store, path.resolve(file), { as, onProgress: options.onProgress }),
});
