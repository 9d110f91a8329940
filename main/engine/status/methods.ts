// The engine's own API methods: its status, the doctor's report of this machine, and the data folder's size.
import type { StatusMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { diskUse } from './diskUse.ts';
import { collectDoctorReport } from './doctor.ts';

export const statusMethods = (engine: EngineServices): MethodHandlers<StatusMethods> => ({
  'engine.status': async () => engine.status(),
  'engine.doctor': async (_params, options) =>
    collectDoctorReport({
      dataDir: engine.dataDir,
      schemaVersion: engine.store.schemaVersion,
      llama: () => engine.llama(),
      onProgress: options.onProgress,
    }),
  'engine.diskUse': async () => diskUse(engine.dataDir),
});
