// What every synthesis run does whatever its strategy: start its dataset or resume the unfinished one with the
// same parameters (with the samples and counters it had), and report the dataset, counts, the gates that stopped
// attempts, the diversity of what was kept (tool sequences, path lengths, alternatives) and its coverage of the graph.
import type { SynthRunSummary } from '../../api/contract.ts';
import type { Edge } from '../../core/edges/types.ts';
import { remember, type SeenRequests } from '../../core/synth/gates.ts';
import type { SynthSample } from '../../core/synth/types.ts';
import type { DatasetRepository, DatasetRow } from '../store/repositories/DatasetRepository.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { kst } from '../../core/time/kst.ts';

export interface OpenedRun<C> {
  dataset: DatasetRow;
  resumed: boolean;
  /** Samples kept before a resume. */
  previous: SynthSample[];
  /** The counters saved with the last sample (empty for a new run). */
  saved: Partial<C>;
  /** Requests kept so far, for the duplicate gate. */
  seen: SeenRequests;
}

/** A dataset named by when it was made, in Korean time as the window shows it (synth-20250302-150000-123). */
function defaultName(now: Date): string {
  const [date, time] = kst(now).toISOString().replace(/[-:]/g, '').split('T');
  return `synth-${date}-${time!.slice(0, 6)}-${time!.slice(7, 10)}`;
}

/** The unfinished run with exactly these parameters, to resume, or a new one. */
export function openRun<C>(
  datasets: DatasetRepository,
  key: Record<string, unknown>,
  name: string | undefined,
  seed: string,
  backend: string,
  graphVersion: number,
  now: Date,
): OpenedRun<C> {
  const existing = datasets.findRunning(key);
  // A name means one dataset: a second run of that name (other settings, or after the first finished) is refused,
  // so `synth export NAME` and the reward service never pick one of two silently.
  const named = existing || name === undefined ? undefined : datasets.byName(name);
  if (named) throw saidError('Usage', { message: 'error.datasetNameTaken', hint: 'error.datasetNameTaken.hint', vars: { name: named.name, id: named.id } });
  const dataset = existing ?? datasets.create(name ?? defaultName(now), key, seed, backend, graphVersion, now);
  const previous = existing ? datasets.samples(dataset.id) : [];
  const seen: SeenRequests = { bySignature: new Map() };
  for (const s of previous) remember(seen, s.signature, s.query);
  return { dataset, resumed: existing !== undefined, previous, saved: (dataset.summary ?? {}) as Partial<C>, seen };
}

export interface RunFacts {
  dataset: DatasetRow;
  resumed: boolean;
  requested: number;
  attempts: number;
  /** Attempts that reached no sample before the gates. */
  failures: number;
  gates: Record<string, number>;
  samples: SynthSample[];
  edges: Edge[];
  graphVersion: number;
  backend: string;
  seed: string;
  asOf: string;
  /** Samples kept by this run (not before a resume), and its seconds. */
  keptNow: number;
  seconds: number;
}

export function runSummary(f: RunFacts): SynthRunSummary {
  const sequences = new Set(f.samples.map((s) => s.walk.steps.map((st) => st.tool).join('>')));
  const pathLengths: Record<string, number> = {};
  for (const s of f.samples) pathLengths[s.walk.steps.length] = (pathLengths[s.walk.steps.length] ?? 0) + 1;
  const toolsInGraph = new Set(f.edges.flatMap((e) => [e.fromTool, e.toTool]));
  const toolsUsed = new Set(f.samples.flatMap((s) => s.walk.steps.map((st) => st.tool)));
  const linksUsed = new Set(f.samples.flatMap((s) => s.walk.steps.flatMap((st) => st.inputs.map((i) => i.edgeId).filter(Boolean))));
  const stated = new Map<string, Set<string>>();
  for (const s of f.samples)
    for (const m of s.walk.steps.flatMap((st) => st.mentions)) stated.set(m.tag, (stated.get(m.tag) ?? new Set()).add(JSON.stringify(m.value)));
  return {
    dataset: { id: f.dataset.id, name: f.dataset.name },
    resumed: f.resumed,
    kept: f.samples.length,
    requested: f.requested,
    attempts: f.attempts,
    walkFailures: f.failures,
    gates: f.gates,
    distinctSequences: sequences.size,
    pathLengths,
    toolCoverage: { used: toolsUsed.size, total: toolsInGraph.size },
    linkCoverage: { used: linksUsed.size, total: f.edges.length },
    samplesWithAlternatives: f.samples.filter((s) => s.alternatives.length > 0).length,
    phrasings: f.samples.reduce((n, s) => n + s.phrasings.length, 0),
    statedValues: Object.fromEntries([...stated].sort(([a], [b]) => a.localeCompare(b)).map(([tag, values]) => [tag, values.size])),
    graphVersion: f.graphVersion,
    backend: f.backend,
    seed: f.seed,
    asOf: f.asOf,
    seconds: Math.round(f.seconds * 100) / 100,
    perMinute: f.seconds > 0 ? Math.round((f.keptNow / f.seconds) * 60) : 0,
  };
}
