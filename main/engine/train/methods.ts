// The API methods of rewards and training: GRPO rollouts, the training kit's export, and the reward presets' audit.
import type { TrainMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { rewardAudit } from './rewardAudit.ts';
import { runRollout } from './rollout.ts';
import { exportTrainingKit } from './trainingKit.ts';
import { trainNano } from './nano/trainNano.ts';

export const trainMethods = (engine: EngineServices): MethodHandlers<TrainMethods> => ({
  'rollout.run': (params, options) => runRollout(engine, params, options),
  'train.nano': (params, options) => trainNano(engine, params, options),
  'train.export': (params, options) => exportTrainingKit(engine, params, options),
  'reward.audit': (params, options) => rewardAudit(engine, params, options),
});
