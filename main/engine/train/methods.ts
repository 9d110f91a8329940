// The API methods of rewards and training: GRPO rollouts, the training kit's export, and the reward presets' audit.
import type { TrainMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { rewardAudit } from './rewardAudit.ts';
import { runRollout } from './rollout.ts';
import { exportTrainingKit } from './trainingKit.ts';
import { trainNano } from './nano/trainNano.ts';
import { grpoNano } from './nano/grpoNano.ts';
import { nanoHistory } from './nano/nanoHistory.ts';

export const trainMethods = (engine: EngineServices): MethodHandlers<TrainMethods> => ({
  'rollout.run': (params, options) => runRollout(engine, params, options),
  'train.nano': (params, options) => trainNano(engine, params, options),
  'train.nanoGrpo': (params, options) => grpoNano(engine, params, options),
  'train.history': async ({ ref }) => nanoHistory(engine, ref),
  'train.export': (params, options) => exportTrainingKit(engine, params, options),
  'reward.audit': (params, options) => rewardAudit(engine, params, options),
});
