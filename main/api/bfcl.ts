// BFCL: runs, checks of result files, and the conformance of the checker.
import type { BfclCategory } from '../core/bfcl/categories.ts';
import type { BfclSummary } from '../core/bfcl/scoring.ts';
import { z } from 'zod';
import { BFCL_CATEGORIES } from '../core/bfcl/categories.ts';
import { empty, text, type EmptyParams, type MethodSchemas } from './shared.ts';

export interface BfclRunSummary {
  /** The run as kept (bfcl.runs, bfcl.show); absent from the runner alone. */
  run?: string;
  /** Its scores, as bfcl.check gives them for the categories run. */
  scores?: BfclCheckSummary;
  outDir: string;
  backend: string;
  categories: { category: string; entries: number; run: number; skipped: number }[];
  seconds: number;
}

/** The scores of bfcl.check (core/bfcl/scoring.ts: what each aggregate means), with every failed entry. */
export interface BfclCheckSummary extends BfclSummary {
  /** `reason`: for multi-turn, the turn and the class with its differing attributes, or the results never produced. */
  failures: { category: string; id: string; errorType: string; reason?: string }[];
}

/** A BFCL run as kept beside KOPA-Bench's runs. */
export interface BfclRunRow {
  id: string;
  /** The model as the run named it (a registered id, a file, a server). */
  model: string;
  backend: string;
  dataDir: string;
  outDir: string;
  params: { categories: string[]; limit?: number; temperature?: number; maxTokens?: number; concurrency?: number };
  seconds: number;
  createdAt: string;
  /** The leaderboard's aggregates and each category's accuracy; `failed`: how many entries failed. */
  scores: Omit<BfclCheckSummary, 'failures'> & { failed: number };
}

/** A kept BFCL run with every failed entry and why. */
export interface BfclRunDetail extends Omit<BfclRunRow, 'scores'> {
  scores: BfclCheckSummary;
}

export interface BfclConformance {
  vectors: number;
  agree: number;
  /** `expected`/`got`: verdicts (absent for a ground-truth execution line); `detail`: what differs, for multi-turn lines. */
  disagreements: {
    line: number;
    id: string;
    kind: string;
    expected?: { valid: boolean; error_type: string | null };
    got?: { valid: boolean; error_type: string | null };
    detail?: string;
  }[];
}

const bfclCategories = BFCL_CATEGORIES;

/** Parameters and result of each method. */
export interface BfclMethods {
  /** `constants`: the multi-turn simulators' constants file (default: derived/multi_turn_backend_constants.json beside the data folder). */
  'bfcl.run': {
    params: {
      data: string;
      model: string;
      out: string;
      categories?: BfclCategory[];
      limit?: number;
      concurrency?: number;
      maxTokens?: number;
      temperature?: number;
      constants?: string;
    };
    result: BfclRunSummary;
  };
  'bfcl.check': {
    params: { data: string; results: string; categories?: BfclCategory[]; underscoreToDot?: boolean; constants?: string };
    result: BfclCheckSummary;
  };
  'bfcl.conformance': { params: { data: string; vectors: string; constants?: string }; result: BfclConformance };
  'bfcl.runs': { params: EmptyParams; result: BfclRunRow[] };
  'bfcl.show': { params: { run: string }; result: BfclRunDetail };
}

export const bfclSchemas: MethodSchemas<BfclMethods> = {
  'bfcl.run': z
    .object({
      data: text,
      model: text,
      out: text,
      categories: z.array(z.enum(bfclCategories)).min(1).optional(),
      limit: z.number().int().min(1).optional(),
      concurrency: z.number().int().min(1).max(64).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      temperature: z.number().min(0).max(2).optional(),
      constants: text.optional(),
    })
    .strict(),
  'bfcl.check': z
    .object({
      data: text,
      results: text,
      categories: z.array(z.enum(bfclCategories)).min(1).optional(),
      underscoreToDot: z.boolean().optional(),
      constants: text.optional(),
    })
    .strict(),
  'bfcl.conformance': z.object({ data: text, vectors: text, constants: text.optional() }).strict(),
  'bfcl.runs': empty,
  'bfcl.show': z.object({ run: text }).strict(),
};
