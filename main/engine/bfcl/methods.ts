// Engine API methods of BFCL: run a model on the user's BFCL data folder, score results, check conformance.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BfclCheckSummary, BfclConformance, BfclRunDetail, BfclRunRow, BfclRunSummary, CallOptions, ParamsOf, BfclMethods } from '../../api/contract.ts';
import type { BfclCategory } from '../../core/bfcl/categories.ts';
import { BfclRunRepository } from '../store/repositories/BfclRunRepository.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { checkBfcl, conformance, runBfcl } from './bfcl.ts';
import { BfclData } from './dataset.ts';
import { resolveBackend } from '../models/resolveBackend.ts';
import { saidError } from '../../core/i18n/saidError.ts';

/** Runs a model on a BFCL data folder, scores what it wrote and keeps the run with its scores beside KOPA-Bench's. */
export async function bfclRun(engine: EngineServices, params: ParamsOf<'bfcl.run'>, options: CallOptions): Promise<BfclRunSummary> {
  const data = new BfclData(path.resolve(params.data));
  const outDir = path.resolve(params.out);
  const constants = params.constants ? path.resolve(params.constants) : undefined;
  const startedAt = new Date();
  const backend = await resolveBackend(engine, { model: params.model, sequences: params.concurrency }, options.signal);
  let summary: BfclRunSummary;
  try {
    summary = await runBfcl(data, backend, {
      categories: params.categories ?? data.available(),
      outDir,
      concurrency: params.concurrency,
      limit: params.limit,
      maxTokens: params.maxTokens,
      temperature: params.temperature,
      constants,
      signal: options.signal,
      onProgress: options.onProgress,
    });
  } finally {
    await backend.dispose();
  }
  const categories = summary.categories.map((c) => c.category as BfclCategory);
  options.onProgress?.({ stage: 'scoring', done: 0, total: categories.length });
  const scores = checkBfcl(data, outDir, { categories, constants });
  const run = `bfcl-${startedAt.toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
  const optional = { limit: params.limit, temperature: params.temperature, maxTokens: params.maxTokens, concurrency: params.concurrency };
  new BfclRunRepository(engine.store.db).save({
    id: run,
    model: params.model,
    backend: summary.backend,
    dataDir: data.dir,
    outDir,
    params: { categories, ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) },
    seconds: summary.seconds,
    createdAt: startedAt.toISOString(),
    scores,
  });
  return { ...summary, run, scores };
}

export function bfclRuns(engine: EngineServices): BfclRunRow[] {
  return new BfclRunRepository(engine.store.db).list();
}

export function bfclShow(engine: EngineServices, run: string): BfclRunDetail {
  const found = new BfclRunRepository(engine.store.db).get(run);
  if (!found) throw saidError('NotFound', { message: 'error.noBfclRun', hint: 'error.noBfclRun.hint', vars: { run } });
  return found;
}

export function bfclCheck(params: ParamsOf<'bfcl.check'>): BfclCheckSummary {
  return checkBfcl(new BfclData(path.resolve(params.data)), path.resolve(params.results), {
    categories: params.categories,
    underscoreToDot: params.underscoreToDot,
    constants: params.constants ? path.resolve(params.constants) : undefined,
  });
}

export function bfclConformance(params: ParamsOf<'bfcl.conformance'>, options: CallOptions): BfclConformance {
  return conformance(
    new BfclData(path.resolve(params.data)),
    path.resolve(params.vectors),
    options.onProgress,
    params.constants ? path.resolve(params.constants) : undefined,
  );
}

/** BFCL's API methods. */
export const bfclMethods = (engine: EngineServices): MethodHandlers<BfclMethods> => ({
  'bfcl.run': (params, options) => bfclRun(engine, params, options),
  'bfcl.check': async (params) => bfclCheck(params),
  'bfcl.conformance': async (params, options) => bfclConformance(params, options),
  'bfcl.runs': async () => bfclRuns(engine),
  'bfcl.show': async ({ run }) => bfclShow(engine, run),
});
