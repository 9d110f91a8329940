// `train.history`: how a model trained here learned, read back from its run's folder (the model file sits in the data
// folder's train/nano/RUN): the supervised loss curve from the trainer's events, and for a GRPO run its reward curve,
// the supervised run it began from, and a watch on reward hacking — what wrong answers earn beside right ones, and the
// best-paid wrong attempts of the last iteration, so a reward that pays something other than the answer shows.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GrpoAttempt, NanoTraining } from '../../../api/contract.ts';
import type { EngineServices } from '../../EngineServices.ts';
import { resolveModelRef } from '../../models/modelRef.ts';
import { readCurve, readHeldOut } from './grpoNano.ts';
import { readRunRecord } from './nanoRun.ts';
import { mean } from '../../../core/mean.ts';

/** Best-paid wrong attempts shown from the last iteration. */
const WATCHED = 3;

const lines = (file: string): unknown[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as unknown)
    : [];

/** The supervised loss curve of a run, one point per logged step (a resumed run's repeated steps: the last wins). */
function lossCurve(dir: string): { loss: { step: number; loss: number }[]; validationLoss: number | null } {
  const byStep = new Map<number, number>();
  let validationLoss: number | null = null;
  for (const e of lines(path.join(dir, 'events.jsonl')) as { event: string; step?: number; loss?: number }[]) {
    if (e.event === 'progress' && typeof e.step === 'number' && typeof e.loss === 'number') byStep.set(e.step, e.loss);
    if (e.event === 'validation' && typeof e.loss === 'number') validationLoss = e.loss;
  }
  return { loss: [...byStep].sort((a, b) => a[0] - b[0]).map(([step, loss]) => ({ step, loss })), validationLoss };
}

interface RolloutLine {
  sample: number;
  reward: number;
  solved: boolean;
  segments: { text: string; train: boolean }[];
}

/** The mean, or null where there is nothing to average (no right answer in an iteration). */
const meanOrNull = (xs: number[]): number | null => (xs.length ? mean(xs) : null);

/** The model's own words of an attempt: its turns, as it wrote them. */
const written = (a: RolloutLine): string =>
  a.segments
    .filter((s) => s.train)
    .map((s) => s.text.replace(/<\|im_end\|>$/, ''))
    .join('\n');

function grpoHistory(dir: string): Pick<NanoTraining, 'grpo' | 'watched'> {
  const folder = path.join(dir, 'rollouts');
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => /^iteration-\d+\.jsonl$/.test(f)) : [];
  const grpo = readCurve(path.join(dir, 'curve.jsonl')).map((point) => {
    const attempts = lines(path.join(folder, `iteration-${String(point.iteration).padStart(4, '0')}.jsonl`)) as RolloutLine[];
    return {
      ...point,
      solvedReward: meanOrNull(attempts.filter((a) => a.solved).map((a) => a.reward)),
      unsolvedReward: meanOrNull(attempts.filter((a) => !a.solved).map((a) => a.reward)),
    };
  });
  const last = files.sort().at(-1);
  const watched: GrpoAttempt[] = last
    ? (lines(path.join(folder, last)) as RolloutLine[])
        .filter((a) => !a.solved)
        .sort((a, b) => b.reward - a.reward)
        .slice(0, WATCHED)
        .map((a) => ({ iteration: Number(/\d+/.exec(last)![0]), sample: a.sample, reward: a.reward, written: written(a) }))
    : [];
  return { grpo, watched };
}

/** The run folder a reference names: a run's own name (a run still going has no model yet), else the model's file's folder. */
function runDir(engine: EngineServices, root: string, ref: string): string | null {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/.test(ref) && existsSync(path.join(root, ref, 'run.json'))) return path.join(root, ref);
  const resolved = resolveModelRef(engine.models(), ref);
  if (resolved.kind !== 'local') return null;
  const dir = path.dirname(resolved.file);
  return path.dirname(dir) === root && existsSync(path.join(dir, 'run.json')) ? dir : null;
}

export function nanoHistory(engine: EngineServices, ref: string): NanoTraining | null {
  const root = path.join(engine.dataDir, 'train', 'nano');
  const dir = runDir(engine, root, ref);
  if (!dir) return null;
  const record = readRunRecord(dir);
  const settingsFile = path.join(dir, 'grpo.json');
  if (!existsSync(settingsFile))
    return { run: path.basename(dir), kind: 'supervised', dataset: record.dataset, from: null, ...lossCurve(dir), grpo: [], heldOut: [], watched: [] };
  const from = (JSON.parse(readFileSync(settingsFile, 'utf8')) as { from: string }).from;
  return {
    run: path.basename(dir),
    kind: 'grpo',
    dataset: record.dataset,
    from,
    ...lossCurve(path.join(root, from)),
    ...grpoHistory(dir),
    heldOut: readHeldOut(path.join(dir, 'heldout.jsonl')),
  };
}
