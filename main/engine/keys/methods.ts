// The API keys' methods: where each key comes from (never its value), and storing or removing one in the vault.
import type { KeysMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';

export const keysMethods = (engine: EngineServices): MethodHandlers<KeysMethods> => ({
  'keys.status': async () => engine.keys.report(),
  'keys.set': ({ keyId, key }) => engine.keys.set(keyId, key),
  'keys.remove': ({ keyId }) => engine.keys.remove(keyId),
});
