// Runtime validation of what arrives from outside the engine process (HTTP, WebSocket, IPC): every method's
// parameters have a schema here, and a method without one does not compile.
import { z } from 'zod';
import { KopaError } from '../core/errors.ts';
import { isMethodName, methodNames, type MethodName, type ParamsOf } from './contract.ts';

const empty = z.object({}).strict();

export const paramSchemas: { [M in MethodName]: z.ZodType<ParamsOf<M>> } = {
  'engine.status': empty,
  'engine.doctor': empty,
};

/** Checks a method name and its parameters, listing every problem at once. */
export function parseCall(method: string, params: unknown): { method: MethodName; params: ParamsOf<MethodName> } {
  if (!isMethodName(method)) {
    throw new KopaError('NotFound', `The engine has no method "${method}".`, { details: { method, methods: methodNames } });
  }
  const result = paramSchemas[method].safeParse(params ?? {});
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`);
    throw new KopaError('InvalidRequest', `Invalid parameters for ${method}: ${problems.join('; ')}`, { details: { method, problems } });
  }
  return { method, params: result.data };
}
