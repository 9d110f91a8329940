// Engine API methods of BFCL: run a model on the user's BFCL data folder, score results, check conformance.
import path from 'node:path';
import type { BfclCheckSummary, BfclConformance, BfclRunSummary, CallOptions, ParamsOf } from '../../api/contract.ts';
import type { Engine } from '../Engine.ts';
import { checkBfcl, conformance, runBfcl } from '../bfcl/bfcl.ts';
import { BfclData } from '../bfcl/dataset.ts';
import { resolveBackend } from './models.ts';

export async function bfclRun(engine: Engine, params: ParamsOf<'bfcl.run'>, options: CallOptions): Promise<BfclRunSummary> {
  const data = new BfclData(path.resolve(params.data));
  const backend = await resolveBackend(engine, { model: params.model, sequences: params.concurrency }, options.signal);
  try {
    return await runBfcl(data, backend, {
      categories: params.categories ?? data.available(),
      outDir: path.resolve(params.out),
      concurrency: params.concurrency,
      limit: params.limit,
      maxTokens: params.maxTokens,
      temperature: params.temperature,
      constants: params.constants ? path.resolve(params.constants) : undefined,
      signal: options.signal,
      onProgress: options.onProgress,
    });
  } finally {
    await backend.dispose();
  }
}

export function bfclCheck(params: ParamsOf<'bfcl.check'>): BfclCheckSummary {
  return checkBfcl(new BfclData(path.resolve(params.data)), path.resolve(params.results), { categories: params.categories, underscoreToDot: params.underscoreToDot, constants: params.constants ? path.resolve(params.constants) : undefined });
}

export function bfclConformance(params: ParamsOf<'bfcl.conformance'>, options: CallOptions): BfclConformance {
  return conformance(new BfclData(path.resolve(params.data)), path.resolve(params.vectors), options.onProgress, params.constants ? path.resolve(params.constants) : undefined);
}
