// Every method of the engine's API, each capability's handler table joined: what `Engine.call` dispatches to.
import type { EngineMethods } from '../api/contract.ts';
import { agentMethods } from './agent/methods.ts';
import { auditMethods } from './audit/methods.ts';
import { benchMethods } from './bench/methods.ts';
import { bfclMethods } from './bfcl/methods.ts';
import { catalogMethods } from './catalog/methods.ts';
import { edgesMethods } from './edges/methods.ts';
import type { EngineServices, MethodHandlers } from './EngineServices.ts';
import { gatewayMethods } from './gateway/methods.ts';
import { jobsMethods } from './jobs/methods.ts';
import { modelsMethods } from './models/methods.ts';
import { keysMethods } from './keys/methods.ts';
import { statusMethods } from './status/methods.ts';
import { synthMethods } from './synth/methods.ts';
import { trainMethods } from './train/methods.ts';

export function methodTable(engine: EngineServices): MethodHandlers<EngineMethods> {
  return {
    ...statusMethods(engine),
    ...catalogMethods(engine),
    ...gatewayMethods(engine),
    ...auditMethods(engine),
    ...keysMethods(engine),
    ...edgesMethods(engine),
    ...synthMethods(engine),
    ...trainMethods(engine),
    ...modelsMethods(engine),
    ...agentMethods(engine),
    ...bfclMethods(engine),
    ...benchMethods(engine),
    ...jobsMethods(engine),
  };
}
