// One reward request of the reward service (`kopa serve-env`), scored item by item against the samples of a
// dataset or inline references: a malformed item gets its own typed error in its slot and the others are scored.
import type { Catalog } from '../../../core/catalog/Catalog.ts';
import type { MetricContext } from '../../../core/bench/stepMetrics.ts';
import { toErrorPayload } from '../../../core/errors.ts';
import { saidError } from '../../../core/i18n/saidError.ts';
import { jsonObjectBody } from '../../../core/requestBody.ts';
import { KOPA_WEIGHTS, rewardOf } from '../../../core/train/reward/reward.ts';
import { checkCompletionSize, checkedReference, checkedWeights, RewardItemError, type RewardLimits } from '../../../core/train/reward/rewardRequest.ts';
import { fromTrainerMessages, TrainerMessageError } from '../../../core/train/reward/trainerMessages.ts';
import { rewardPresets, type RewardComponent, type RewardPreset, type RewardReference } from '../../../core/train/reward/types.ts';
import type { SynthSample } from '../../../core/synth/types.ts';
import { lintContext } from '../../bench/catalogFacts.ts';
import { sampleReference } from './sampleReference.ts';

/** What rewards are scored against: the service's dataset, if it has one, and its bounds. */
export interface RewardBook {
  /** Each sample's reference, by its ordinal in the dataset. */
  samples: Map<number, { reference: RewardReference; metric: MetricContext }>;
  /** The dataset's name or id as the service was started with it; absent when it was started without one. */
  dataset?: string;
  /** The preset a request without one gets. */
  preset: RewardPreset;
  limits: RewardLimits;
  /** Which arguments of an inline reference's tools say how to call rather than what to ask. */
  incidental: (tool: string, param: string) => boolean;
}

export function rewardBook(catalog: Catalog, samples: SynthSample[], options: { dataset?: string; preset: RewardPreset; limits: RewardLimits }): RewardBook {
  const lint = lintContext(catalog);
  return {
    samples: new Map(samples.map((sample) => [sample.ordinal, sampleReference(sample, catalog)])),
    ...options,
    incidental: (tool, param) => lint.incidental(tool, param),
  };
}

/** One item's reward, or its own error: nothing one item holds can fail the others. */
function rewardItem(
  book: RewardBook,
  raw: unknown,
  preset: RewardPreset,
  weights: Partial<Record<RewardComponent, number>> | undefined,
): Record<string, unknown> {
  const item = (raw ?? {}) as { sample_id?: unknown; reference?: unknown; completion?: unknown };
  if (typeof item !== 'object' || Array.isArray(item))
    return { error: { code: 'InvalidRequest', message: 'Each item is an object {sample_id or reference, completion}.' } };
  const known = typeof item.sample_id === 'number' ? book.samples.get(item.sample_id) : undefined;
  if (item.sample_id !== undefined && !known)
    return {
      error: {
        code: 'NotFound',
        message: `There is no sample ${String(item.sample_id)}${book.dataset ? ` in dataset ${book.dataset}` : ' (start the service with --dataset)'}.`,
      },
    };
  if (!known && item.reference === undefined)
    return {
      error: { code: 'InvalidRequest', message: 'Each item needs a sample_id or a reference {query, offered, trajectories, answer, expected, year}.' },
    };
  try {
    const reference = known?.reference ?? checkedReference(item.reference, book.limits);
    const metric = known?.metric ?? { query: reference.query, incidental: book.incidental, mention: () => undefined };
    checkCompletionSize(item.completion, book.limits);
    const r = rewardOf({ messages: fromTrainerMessages(item.completion) }, reference, metric, { preset, weights });
    return { reward: r.reward, components: r.components, notes: r.notes, weights: r.weights };
  } catch (error) {
    if (error instanceof TrainerMessageError || error instanceof RewardItemError) return { error: { code: 'InvalidRequest', message: error.message } };
    return { error: toErrorPayload(error) };
  }
}

/** The request's body as it came (JSON text): {preset?, weights?, items} → {preset, rewards, results}. */
export function scoreRewardRequest(book: RewardBook, text: string): { preset: RewardPreset; rewards: (number | null)[]; results: Record<string, unknown>[] } {
  const body = jsonObjectBody(text);
  const preset = (body.preset ?? book.preset) as RewardPreset;
  if (!rewardPresets.includes(preset))
    throw saidError('InvalidRequest', {
      message: 'error.reward.preset',
      hint: 'error.reward.preset.hint',
      vars: { preset: String(preset), presets: rewardPresets.join(', ') },
    });
  const weights = checkedWeights(body.weights, KOPA_WEIGHTS);
  if (!Array.isArray(body.items)) throw saidError('InvalidRequest', { message: 'error.reward.items' });
  const results = body.items.map((raw) => rewardItem(book, raw, preset, weights));
  return { preset, rewards: results.map((r) => ('reward' in r ? (r.reward as number) : null)), results };
}
