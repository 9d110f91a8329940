// The jobs' API methods: long work started, listed, watched, cancelled and resumed.
import type { JobsMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';

export const jobsMethods = (engine: EngineServices): MethodHandlers<JobsMethods> => ({
  'jobs.start': async ({ method, params }) => engine.jobs.start(method, { ...params }),
  'jobs.list': async () => engine.jobs.list(),
  'jobs.get': async ({ id }) => engine.jobs.get(id),
  'jobs.cancel': async ({ id }) => engine.jobs.cancel(id),
  'jobs.watch': ({ id, stopJob }, options) => engine.jobs.watch(id, { ...options, stopJob }),
  'jobs.resume': async ({ id, allowNetwork, overwrite }) => engine.jobs.resume(id, { allowNetwork, overwrite }),
});
