// A synthesized sample as a reward reference: its request, the catalog's tools, its trajectory and every
// alternative, the answer spec and the answer its trace computed (a replay of the dataset's bundle reproduces that
// trace exactly), with the metric context bench scoring uses for the same plan.
import type { Catalog } from '../../../core/catalog/Catalog.ts';
import type { MetricContext } from '../../../core/bench/stepMetrics.ts';
import type { RewardReference } from '../../../core/train/reward/types.ts';
import { asBenchTask } from '../../../core/synth/intentGates.ts';
import type { SynthSample } from '../../../core/synth/types.ts';
import { kst } from '../../../core/time/kst.ts';
import { QUERY_TOOL } from '../../../core/resultView/queryRows.ts';
import { metricContext } from '../../bench/catalogFacts.ts';

export function sampleReference(sample: SynthSample, catalog: Catalog): { reference: RewardReference; metric: MetricContext } {
  const trajectories = [sample.walk.trace.steps, ...sample.alternatives.flatMap((a) => (a.trace ? [a.trace.steps] : []))];
  // Any catalog tool may have been offered beside the plan's (an export adds distractors), and the service runs any.
  const offered = [...new Set([...catalog.list().map((t) => t.id), QUERY_TOOL])];
  return {
    reference: {
      query: sample.query,
      offered,
      trajectories,
      answer: sample.walk.plan.answer,
      expected: sample.walk.trace.answer,
      year: kst(new Date(sample.walk.asOf)).getUTCFullYear(),
      asOf: sample.walk.asOf,
      // The unit the answer is said in (만원 for MOLIT amounts), so "1억 6,600만원" states 16600.
      ...(sample.walk.answer.unit ? { unit: sample.walk.answer.unit } : {}),
    },
    metric: metricContext(catalog, asBenchTask(sample.walk, sample.query)),
  };
}
