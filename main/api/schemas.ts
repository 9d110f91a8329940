// Runtime validation of what arrives from outside the engine process (HTTP, WebSocket, IPC): every method's
// parameters have a schema in its capability's slice, and a method without one does not compile.
import type { z } from 'zod';
import { saidError } from '../core/i18n/saidError.ts';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../core/jsonDepth.ts';
import type { MethodName, ParamsOf } from './contract.ts';
import { statusSchemas } from './status.ts';
import { catalogSchemas } from './catalog.ts';
import { auditSchemas } from './audit.ts';
import { gatewaySchemas } from './gateway.ts';
import { keysSchemas } from './keys.ts';
import { edgesSchemas } from './edges.ts';
import { synthSchemas } from './synth.ts';
import { trainSchemas } from './train.ts';
import { modelsSchemas } from './models.ts';
import { agentSchemas } from './agent.ts';
import { bfclSchemas } from './bfcl.ts';
import { benchSchemas } from './bench.ts';
import { jobsSchemas } from './jobs.ts';

export const paramSchemas: { [M in MethodName]: z.ZodType<ParamsOf<M>> } = {
  ...statusSchemas,
  ...catalogSchemas,
  ...auditSchemas,
  ...gatewaySchemas,
  ...keysSchemas,
  ...edgesSchemas,
  ...synthSchemas,
  ...trainSchemas,
  ...modelsSchemas,
  ...agentSchemas,
  ...bfclSchemas,
  ...benchSchemas,
  ...jobsSchemas,
};

/** Every method of the engine's API: the schemas above are a complete record of them, so the two cannot disagree. */
export const methodNames = Object.keys(paramSchemas) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(paramSchemas, name);
}

/** Checks a method name and its parameters, listing every problem at once. */
export function parseCall(method: string, params: unknown): { method: MethodName; params: ParamsOf<MethodName> } {
  if (!isMethodName(method)) {
    throw saidError('NotFound', { message: 'error.noMethod', vars: { method } }, { details: { method, methods: methodNames } });
  }
  if (jsonDeeperThan(params)) {
    throw saidError(
      'InvalidRequest',
      { message: 'error.paramsTooDeep', vars: { method, max: MAX_JSON_DEPTH } },
      { details: { method, maxDepth: MAX_JSON_DEPTH } },
    );
  }
  const result = paramSchemas[method].safeParse(params ?? {});
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`);
    throw saidError('InvalidRequest', { message: 'error.invalidParams', vars: { method, problems: problems.join('; ') } }, { details: { method, problems } });
  }
  return { method, params: result.data };
}
