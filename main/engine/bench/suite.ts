// Loading a benchmark suite: the bundled KOPA-Bench (resources/bench/kopa/*.jsonl) or the user's own JSONL file
// or folder. Every task is checked against resources/bench/task.schema.json and against the catalog, and every
// problem is reported at once with its file and line, so a suite author fixes them in one pass.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import type { BenchTask, Suite } from '../../core/bench/types.ts';
import { offeredTools } from '../../core/resultView/offer.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { readInputFile } from '../files/readInputFile.ts';

export const BUNDLED_SUITES = ['kopa'] as const;

/** The version a suite folder's suite.json gives ({"version": "2", …}), or null. */
function suiteVersion(dir: string | undefined): string | null {
  const file = dir ? path.join(dir, 'suite.json') : undefined;
  if (!file || !existsSync(file)) return null;
  const text = readInputFile(file).toString('utf8');
  let json: { version?: unknown };
  try {
    json = JSON.parse(text) as { version?: unknown };
  } catch {
    // JSON.parse's reason quotes the text: a file that is not the app's must not be echoed back.
    throw saidError('InvalidRequest', { message: 'error.fileNotJson', vars: { file, reason: 'not valid JSON' } });
  }
  if (typeof json.version !== 'string' || json.version === '') throw saidError('InvalidRequest', { message: 'error.suiteNoVersion', vars: { file } });
  return json.version;
}

export function suiteFiles(ref: string, resourcesDir: string): { name: string; files: string[]; dir?: string } {
  if ((BUNDLED_SUITES as readonly string[]).includes(ref)) {
    const dir = path.join(resourcesDir, 'bench', ref);
    return {
      name: ref,
      files: readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => path.join(dir, f)),
      dir,
    };
  }
  const target = path.resolve(ref);
  if (!existsSync(target)) throw saidError('NotFound', { message: 'error.noSuite', vars: { ref, names: BUNDLED_SUITES.join(', ') } });
  if (statSync(target).isDirectory()) {
    const files = readdirSync(target)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => path.join(target, f));
    if (files.length === 0) throw saidError('NotFound', { message: 'error.suiteEmptyFolder', vars: { dir: target } });
    return { name: path.basename(target), files, dir: target };
  }
  return { name: path.basename(target).replace(/\.jsonl$/, ''), files: [target] };
}

let compiled: ReturnType<Ajv['compile']> | undefined;

function schemaValidator(resourcesDir: string): ReturnType<Ajv['compile']> {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    (addFormats as unknown as (ajv: Ajv) => Ajv)(ajv);
    compiled = ajv.compile(JSON.parse(readFileSync(path.join(resourcesDir, 'bench', 'task.schema.json'), 'utf8')) as object);
  }
  return compiled;
}

/** Problems a valid schema cannot see: tools the catalog lacks, a level that is not the plan's length … */
function taskProblems(task: BenchTask, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const id of task.tools) if (!catalog.get(id)) problems.push(`tools: ${id} is not in the catalog`);
  const ids = new Set<string>();
  const offered = offeredTools(catalog, task.tools);
  task.plan.steps.forEach((step, i) => {
    if (step.id !== `s${i + 1}`) problems.push(`plan.steps[${i}].id is ${step.id}; steps are numbered s1, s2, … in order`);
    ids.add(step.id);
    if (!offered.includes(step.tool)) problems.push(`plan step ${step.id} uses ${step.tool}, which is not among the task's tools`);
    const spec = catalog.get(step.tool);
    if (spec)
      for (const param of Object.keys(step.args))
        if (!(param in spec.parameters.properties)) problems.push(`plan step ${step.id}: ${step.tool} has no parameter ${param}`);
  });
  if (task.level !== task.plan.steps.length) problems.push(`level is ${task.level} but the plan has ${task.plan.steps.length} steps`);
  const declines = task.plan.answer.compare === 'decline';
  if (declines !== task.abilities.includes('declining'))
    problems.push(declines ? 'a decline task must list the "declining" ability' : '"declining" is listed but the answer is not "decline"');
  const faulty = (task.faults?.length ?? 0) > 0;
  if (faulty !== task.abilities.includes('fault recovery'))
    problems.push(faulty ? 'a task with faults must list the "fault recovery" ability' : '"fault recovery" is listed but the task injects no fault');
  for (const f of task.faults ?? []) if (!task.plan.steps.some((s) => s.tool === f.tool)) problems.push(`faults: ${f.tool} is not called by the plan`);
  for (const key of Object.keys(task.statedAs ?? {})) {
    const [step, param] = key.split('.');
    const planned = task.plan.steps.find((s) => s.id === step);
    if (!planned || !param || !(param in planned.args)) problems.push(`statedAs: ${key} names no argument of the plan`);
  }
  return problems;
}

export function loadSuite(ref: string, resourcesDir: string, catalog: Catalog): Suite {
  const { name, files, dir } = suiteFiles(ref, resourcesDir);
  const validate = schemaValidator(resourcesDir);
  const tasks: BenchTask[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    readInputFile(file)
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trim() === '') return;
        const where = `${path.basename(file)}:${i + 1}`;
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          problems.push(`${where}: not JSON`);
          return;
        }
        if (!validate(json)) {
          problems.push(
            ...(validate.errors ?? []).map(
              (e) =>
                `${where}: ${e.instancePath || '(task)'} ${e.message ?? ''}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`,
            ),
          );
          return;
        }
        const task = json as BenchTask;
        if (seen.has(task.id)) problems.push(`${where}: id ${task.id} is already used at ${seen.get(task.id)}`);
        seen.set(task.id, where);
        problems.push(...taskProblems(task, catalog).map((p) => `${where} (${task.id}): ${p}`));
        tasks.push(task);
      });
  }
  // A file none of whose lines is a task is not a suite (a file picked by mistake, or one named to read it back):
  // saying so is enough, and nothing of its content is quoted.
  if (tasks.length === 0 && problems.length > 0)
    throw saidError('InvalidRequest', { message: 'error.notASuite', hint: 'error.notASuite.hint', vars: { name } });
  if (problems.length > 0) {
    throw saidError('InvalidRequest', {
      message: 'error.suiteProblems',
      vars: { name, n: problems.length, problems: `${problems.slice(0, 40).join('\n  ')}${problems.length > 40 ? `\n  … (+${problems.length - 40})` : ''}` },
    });
  }
  if (tasks.length === 0) throw saidError('InvalidRequest', { message: 'error.suiteNoTasks', vars: { name } });
  const hash = createHash('sha256')
    .update(tasks.map((t) => canonicalJson(t)).join('\n'))
    .digest('hex');
  return { name, version: suiteVersion(dir), hash, tasks };
}
