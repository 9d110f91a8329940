// Writes a dataset's samples in a training format (JSONL, written to a temporary file and renamed, so a reader
// never sees half an export) and a dataset card beside it.
import { renameSync } from 'node:fs';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { exportRow, type ExportFormat, type ToolStyle } from '../../core/synth/formats.ts';
import { Rng } from '../../core/random.ts';
import type { SynthSample } from '../../core/synth/types.ts';
import { offeredTools } from '../../core/resultView/offer.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { DatasetRow } from '../store/repositories/DatasetRepository.ts';
import type { ExportResult, SynthRunSummary } from '../../api/contract.ts';
import { percentOf as pct } from '../../core/text/percent.ts';
import { writeFileNoFollow } from '../files/noFollow.ts';

export interface ExportRequest {
  format: ExportFormat;
  file: string;
  /** Tools offered besides the plan's own, so a model learns to choose. Defaults to 3. */
  distractors?: number;
  /** Tools in the template's syntax, or in the prompt for families without one (formats.ts). Defaults to "native". */
  toolStyle?: ToolStyle;
}

/** The command that synthesizes the same dataset again and writes it as this export did. */
function reproduceCommand(dataset: DatasetRow, request: ExportRequest): string {
  const p = dataset.params;
  const given = (option: string, value: unknown): string => (value === undefined ? '' : ` --${option} ${String(value)}`);
  return p.strategy === 'intents'
    ? `kopa synth --count ${String(p.count)}${given('trajectories', p.trajectories)}${given('places', p.places)} --max-steps ${String(p.maxSteps)} --seed ${dataset.seed} --as-of ${String(p.asOf)} --format ${request.format}${toolStyleOption(request)} --out FILE`
    : `kopa synth --strategy walk --count ${String(p.count)} --min-steps ${String(p.minSteps)} --max-steps ${String(p.maxSteps)} --seed ${dataset.seed} --as-of ${String(p.asOf)} --format ${request.format}${toolStyleOption(request)} --out FILE`;
}

/** The tools a row offers: its plan's own, `distractors` others picked per sample, and the query tool. */
export function visibleTools(sample: SynthSample, catalog: Catalog, distractors: number): ReturnType<Catalog['list']> {
  const own = [...new Set(sample.walk.plan.steps.map((s) => s.tool).concat(sample.alternatives.flatMap((a) => a.tools)))].filter((id) => id !== QUERY_TOOL);
  const others = catalog.list().filter((t) => !own.includes(t.id) && t.id !== QUERY_TOOL);
  const rng = Rng.for('distractors', sample.ordinal);
  const picked: string[] = [];
  while (picked.length < Math.min(distractors, others.length)) {
    const id = rng.pick(others).id;
    if (!picked.includes(id)) picked.push(id);
  }
  // Sorted, so the plan's tools are not always first; the query tool joins as it does in every episode.
  return offeredTools(catalog, [...own, ...picked].sort()).map((id) => catalog.require(id));
}

export function writeExport(
  samples: SynthSample[],
  catalog: Catalog,
  dataset: DatasetRow,
  summary: SynthRunSummary | undefined,
  request: ExportRequest,
): ExportResult {
  const lines = samples.map((s) =>
    JSON.stringify(exportRow(request.format, s, visibleTools(s, catalog, request.distractors ?? 3), { toolStyle: request.toolStyle })),
  );
  const temp = `${request.file}.partial`;
  writeFileNoFollow(temp, lines.length ? `${lines.join('\n')}\n` : '');
  renameSync(temp, request.file);
  const card = `${request.file}.card.md`;
  const cardText = datasetCard(dataset, summary, request, samples.length);
  writeFileNoFollow(card, cardText);
  return { file: request.file, card, cardText, rows: lines.length, format: request.format };
}

const toolStyleOption = (request: ExportRequest): string => (request.toolStyle && request.toolStyle !== 'native' ? ` --tool-style ${request.toolStyle}` : '');

function formatNote(request: ExportRequest): string {
  if (request.format === 'kopa-bench')
    return '; one KOPA-Bench task per sample (request, moment, offered tools, reference plan), measured with `kopa bench run --suite FILE`';
  if (request.toolStyle === 'prompt')
    return '; tools written into the system prompt and calls as JSON steps (for models whose chat template has no tool syntax)';
  if (request.toolStyle === 'compact')
    return '; tools written into the system prompt one line each and calls as JSON steps (for a small model trained on that form, KOPA-Nano)';
  return '';
}

function datasetCard(dataset: DatasetRow, summary: SynthRunSummary | undefined, request: ExportRequest, rows: number): string {
  const s = summary ?? (dataset.summary as unknown as SynthRunSummary | undefined);
  const lines = [
    `# ${dataset.name}`,
    '',
    'Multi-step tool-use trajectories over Korean public APIs, synthesized by KOPA Studio from its execution-verified EDGE graph.',
    '',
    `- format: ${request.format}, ${rows} rows${formatNote(request)}`,
    `- backend: ${dataset.backend}; seed: ${dataset.seed}; as of: ${String(dataset.params.asOf ?? '')}`,
    `- graph version: ${dataset.graphVersion ?? 'none'}`,
    `- created: ${dataset.createdAt}${dataset.finishedAt ? `, finished ${dataset.finishedAt}` : ''}`,
  ];
  if (s) {
    const gates = Object.entries(s.gates);
    lines.push(
      '',
      '## Quality gates',
      '',
      `${s.attempts} attempts, ${s.kept} kept; stopped by:`,
      '',
      `| ${gates.map(([g]) => g).join(' | ')} |`,
      `|${gates.map(() => ' --- |').join('')}`,
      `| ${gates.map(([, n]) => n).join(' | ')} |`,
    );
    const c = s.card;
    if (c) {
      lines.push(
        '',
        '## Intents and coverage',
        '',
        `- intents: ${c.intents.used} used, of ${c.intents.planned} the verified graph can plan (${c.intents.total} in the library)${c.unplanned.length ? `; unplanned: ${c.unplanned.join(', ')}` : ''}`,
        `- agencies: ${c.agencies.used.join(', ')} (${c.agencies.used.length} of ${c.agencies.total})`,
        `- request length: median ${c.lengths.median} characters, 95th percentile ${c.lengths.p95} (KOPA-Bench: ${c.lengths.benchMedian} and ${c.lengths.benchP95})`,
        `- registers: ${Object.entries(c.registers)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
        `- trajectories: ${c.trajectories.atLeastTwo} samples (${pct(c.trajectories.atLeastTwo, s.kept)}) with two or more verified trajectories to the same answer, ${c.trajectories.atLeastThree} with three or more; ${c.trajectories.alternativesDropped} alternatives dropped by a gate`,
        `- KOPA-Bench multi-step tool sequences exercised: ${c.benchSequences.exercised} of ${c.benchSequences.total} (${pct(c.benchSequences.exercised, c.benchSequences.total)}), no task copied; samples dropped as KOPA-Bench tasks: ${c.contaminated}`,
        ...(c.paraphrase
          ? [
              `- paraphrase pass (${c.paraphrase.model}): ${c.paraphrase.kept} of ${c.paraphrase.tried} rewrites kept through the same gates; refused: ${
                Object.entries(c.paraphrase.rejected)
                  .map(([why, n]) => `${why} ${n}`)
                  .join(', ') || 'none'
              }`,
            ]
          : []),
      );
    }
    lines.push(
      '',
      '## Diversity',
      '',
      `- distinct tool sequences: ${s.distinctSequences}`,
      `- path lengths: ${Object.entries(s.pathLengths)
        .map(([len, n]) => `${len} steps × ${n}`)
        .join(', ')}`,
      `- tools used: ${s.toolCoverage.used} of ${s.toolCoverage.total} in the graph; links used: ${s.linkCoverage.used} of ${s.linkCoverage.total} verified`,
      `- samples with an alternative verified trajectory: ${s.samplesWithAlternatives}; phrasings written: ${s.phrasings}`,
      ...(s.statedValues
        ? [
            `- distinct values the requests state, by kind: ${Object.entries(s.statedValues)
              .map(([tag, n]) => `${tag} ${n}`)
              .join(', ')}`,
          ]
        : []),
    );
  }
  lines.push('', '## Reproduce', '', '```sh', reproduceCommand(dataset, request), '```', '');
  return lines.join('\n');
}
