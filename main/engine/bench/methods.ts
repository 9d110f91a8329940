// Engine API methods of evaluation: validate a suite against a backend, run a model on it (resumable), list
// runs, report one and compare two.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  BenchComparison,
  BenchManifest,
  BenchReport,
  BenchRunDetail,
  BenchRunParams,
  BenchRunRow,
  BenchRunSummary,
  BenchTaskAttempts,
  BenchValidateParams,
  BenchValidation,
  CallOptions,
} from '../../api/contract.ts';
import { agenciesOf } from './catalogFacts.ts';
import { APP_VERSION } from '../../core/appInfo.ts';
import type { BenchTask, Suite } from '../../core/bench/types.ts';
import { pairedTest } from '../../core/bench/pairedTest.ts';
import { csvReport } from '../../core/bench/report/csv.ts';
import { htmlReport } from '../../core/bench/report/html.ts';
import { markdownReport } from '../../core/bench/report/markdown.ts';
import { reportData } from '../../core/bench/report/reportData.ts';
import type { ReportLang } from '../../core/bench/report/reportText.ts';
import { DEFAULT_MAX_CHARS, STANDARD_RESULT_TOKENS, type ResultRowForm } from '../../core/resultView/resultView.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import type { ModelBackend } from '../models/backend.ts';
import { OracleBackend } from './oracleBackend.ts';
import { referenceTrace } from './reference.ts';
import { runBench, runKey, summarizeRun, type AttemptBackends } from './runner.ts';
import { SCORING_VERSION } from '../../core/bench/runIdentity.ts';
import { ScriptBook } from './scriptBook.ts';
import { loadSuite } from './suite.ts';
import { validateSuite } from './validateSuite.ts';
import { callerFor, selectTasks } from './suiteTasks.ts';
import { sha256Of } from '../models/ModelRegistry.ts';
import { BenchRepository } from '../store/repositories/BenchRepository.ts';
import { AuditRepository } from '../audit/AuditRepository.ts';
import { RecordingRepository } from '../store/repositories/RecordingRepository.ts';
import { inspectModel } from '../models/methods.ts';
import { resolveModelRef, type ModelRef } from '../models/modelRef.ts';
import { OPENAI_PREFIX } from '../../core/models/modelRef.ts';
import { resolveBackend } from '../models/resolveBackend.ts';
import { pickToolsFor } from '../agent/toolPicker.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { BenchMethods } from '../../api/contract.ts';
import { checkAnswer } from '../train/rewardAudit.ts';
import { writeFileNoFollow } from '../files/noFollow.ts';
import { readInputFile } from '../files/readInputFile.ts';
import { mean } from '../../core/mean.ts';

const DEFAULT_MAX_STEPS = 10;

function auditAnchor(engine: EngineServices): BenchManifest['audit'] {
  const head = new AuditRepository(engine.store.db).head();
  return { entries: head?.entries ?? 0, head: head?.hash ?? null };
}

export async function benchValidate(engine: EngineServices, params: BenchValidateParams, options: CallOptions): Promise<BenchValidation> {
  const mode = params.mode ?? 'emulator';
  const suite = selectTasks(loadSuite(params.suite, engine.resourcesDir, engine.catalog()), params.tasks);
  return validateSuite(suite, {
    catalog: engine.catalog(),
    mode,
    view: { tokenBudget: params.resultTokens ?? STANDARD_RESULT_TOKENS },
    callerFor: callerFor(engine, mode, params.snapshot),
    concurrency: params.concurrency,
    signal: options.signal,
    onProgress: options.onProgress,
  });
}

function snapshotHash(engine: EngineServices, snapshot: string | undefined): string | null {
  if (!snapshot) return null;
  const repo = new RecordingRepository(engine.store.db);
  const id = repo.snapshotId(snapshot);
  if (id === undefined) throw saidError('NotFound', { message: 'error.noSnapshot', hint: 'error.noSnapshot.hint', vars: { snapshot } });
  const hash = createHash('sha256');
  for (const r of repo.all(id).sort((a, b) => a.requestHash.localeCompare(b.requestHash))) hash.update(r.requestHash).update(r.body);
  return hash.digest('hex');
}

const slug = (text: string): string =>
  text
    .replace(/^.*[/\\]/, '')
    .replace(/\.gguf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'model';

/** What the manifest records of the model, and the result view a model trained by KOPA Studio was trained on. */
interface ModelFacts {
  model: BenchManifest['model'];
  trained: Trained;
}

/** The result view a model trained by KOPA Studio records (GGUF kopa.result_tokens, kopa.result_rows). */
interface Trained {
  resultTokens: number | null;
  resultRows: ResultRowForm | null;
}

const UNTRAINED: Trained = { resultTokens: null, resultRows: null };

async function modelFacts(engine: EngineServices, params: BenchRunParams, resolved: ModelRef): Promise<ModelFacts> {
  const ref = params.model;
  const lora = params.lora ?? [];
  const none = { sha256: null, quantization: null, chatTemplate: null, file: null, lora };
  switch (resolved.kind) {
    case 'oracle':
      return { model: { ref, backend: 'oracle', ...none }, trained: UNTRAINED };
    case 'scripted': {
      const file = path.resolve(resolved.file);
      const sha256 = createHash('sha256').update(readInputFile(file)).digest('hex');
      return { model: { ref, backend: 'scripted', ...none, sha256, file }, trained: UNTRAINED };
    }
    // A pool's manifest names every server and the model it serves.
    case 'pool':
      return { model: { ref, backend: `pool:${resolved.members.map((m) => `${m.id}*${m.concurrency}`).join(',')}`, ...none }, trained: UNTRAINED };
    case 'server':
      return { model: { ref, backend: `openai:${resolved.base}#${resolved.model}`, ...none }, trained: UNTRAINED };
    case 'local':
    case 'adapter': {
      const info = await inspectModel(engine, ref, { oracle: true });
      // The wrapper that writes the conversation: the GGUF's own template when asked (format parity with training).
      const chatTemplate = params.chatWrapper === 'jinja' ? 'JinjaTemplate' : info.chatWrapper;
      return {
        model: {
          ref,
          backend: 'llama.cpp',
          sha256: info.sha256 ?? (await sha256Of(info.location)),
          quantization: info.quantization,
          chatTemplate,
          file: info.location,
          lora,
        },
        trained: { resultTokens: info.trainedResultTokens ?? null, resultRows: info.trainedResultRows ?? null },
      };
    }
  }
}

async function openBackends(
  engine: EngineServices,
  params: BenchRunParams,
  resolved: ModelRef,
  signal?: AbortSignal,
): Promise<{ backends: AttemptBackends; dispose: () => Promise<void> }> {
  const perAttempt = (open: AttemptBackends['open']): { backends: AttemptBackends; dispose: () => Promise<void> } => ({
    backends: { open, close: (b) => b.dispose() },
    dispose: async () => {},
  });
  if (resolved.kind === 'oracle') return perAttempt((task) => new OracleBackend(task));
  if (resolved.kind === 'scripted') {
    const file = resolved.file;
    if (!ScriptBook.isScriptBook(file)) throw saidError('Usage', { message: 'error.flatTranscript', hint: 'error.flatTranscript.hint', vars: { file } });
    const book = new ScriptBook(file);
    return perAttempt((task, sample) => book.backend(task.id, sample));
  }
  // As many sequences as attempts run at once: a local model decodes them in one batch, and a finished attempt's
  // sequence takes the next attempt at once.
  const shared: ModelBackend = await resolveBackend(
    engine,
    {
      model: params.model,
      lora: params.lora,
      loraScale: params.loraScale,
      chatWrapper: params.chatWrapper,
      contextSize: params.contextSize,
      sequences: params.concurrency,
      reuseCache: params.reuseCache,
      speculation: params.speculation,
      serverIdleTimeoutMs: params.serverIdleTimeoutMs,
    },
    signal,
    undefined,
    resolved,
  );
  return { backends: { open: () => shared, close: async () => {} }, dispose: () => shared.dispose() };
}

export async function benchRun(engine: EngineServices, params: BenchRunParams, options: CallOptions): Promise<BenchRunSummary> {
  const mode = params.mode ?? 'emulator';
  const catalog = engine.catalog();
  const suite = selectTasks(loadSuite(params.suite, engine.resourcesDir, catalog), params.tasks);
  const sampling = {
    samples: params.samples ?? 1,
    temperature: params.temperature ?? (params.samples && params.samples > 1 ? 0.7 : 0),
    maxTokens: params.maxTokens ?? null,
    maxSteps: params.maxSteps ?? DEFAULT_MAX_STEPS,
    seed: params.seed ?? 1,
  };
  const resolved = resolveModelRef(engine.models(), params.model, { oracle: true });
  const facts = await modelFacts(engine, params, resolved);
  const model = {
    ...facts.model,
    ...(params.loraScale !== undefined ? { loraScale: params.loraScale } : {}),
    ...(params.contextSize !== undefined ? { contextSize: params.contextSize } : {}),
  };
  const backend = {
    mode,
    snapshot: params.snapshot ?? null,
    snapshotHash: mode === 'replay' ? snapshotHash(engine, params.snapshot) : null,
    emulatorSeed: mode === 'emulator' ? (await engine.emulator()).seed : null,
  };
  // A model is shown results as it was trained to read them (KOPA-Nano: 256 tokens), as the chat shows them.
  const view = {
    resultTokens: params.resultTokens ?? facts.trained.resultTokens ?? STANDARD_RESULT_TOKENS,
    maxChars: DEFAULT_MAX_CHARS,
    // Recorded only where it is not the default, so that runs recorded before named rows keep their identity.
    ...(facts.trained.resultRows === 'named' ? { rows: 'named' as const } : {}),
    queryTool: params.queryTool ?? true,
    ...(params.tools === 'pick' ? { tools: 'pick' as const } : {}),
  };
  const identified = {
    suite: { name: suite.name, version: suite.version, hash: suite.hash, tasks: suite.tasks.length },
    model,
    sampling,
    backend,
    view,
    scoring: SCORING_VERSION,
  };
  const runId =
    params.runId ??
    `${suite.name}-${slug(resolved.kind === 'scripted' ? resolved.file : resolved.kind === 'server' && !resolved.registered ? model.ref.slice(OPENAI_PREFIX.length) : model.ref)}-${runKey(identified).slice(0, 8)}`;
  const manifest: BenchManifest = {
    runId,
    ...identified,
    app: { version: APP_VERSION, node: process.version, platform: `${process.platform}-${process.arch}` },
    audit: auditAnchor(engine),
    createdAt: new Date().toISOString(),
  };
  const repo = new BenchRepository(engine.store.db);
  const existing = repo.run(runId);
  if (existing) manifest.createdAt = existing.manifest.createdAt;
  const { backends, dispose } = await openBackends(engine, params, resolved, options.signal);
  try {
    return await runBench({
      catalog,
      repo,
      suite,
      manifest,
      backends,
      callerFor: callerFor(engine, mode, params.snapshot),
      source: mode === 'replay' ? 'replay' : mode === 'emulator' ? 'emulator' : 'live',
      concurrency: params.concurrency,
      signal: options.signal,
      onProgress: options.onProgress,
      ...(params.tools === 'pick' ? { pick: (question: string) => pickToolsFor(engine, question).tools } : {}),
    });
  } finally {
    await dispose();
  }
}

function requireRun(repo: BenchRepository, id: string): BenchRunRow {
  const run = repo.run(id);
  if (!run) throw saidError('NotFound', { message: 'error.noBenchRun', hint: 'error.noBenchRun.hint', vars: { run: id } });
  return run;
}

/** A run's summary as stored, or computed from its attempts when it was killed before writing one. */
function summaryOf(
  engine: EngineServices,
  repo: BenchRepository,
  run: BenchRunRow,
): { summary: BenchRunSummary; tasks: Map<string, BenchTask>; currentHash: string | undefined } {
  const stored = repo.tasks(run.suite);
  const tasks = new Map(stored.map((s) => [s.task.id, s.task]));
  if (run.summary) return { summary: run.summary, tasks, currentHash: stored[0]?.suiteHash };
  const attempted = new Set(repo.attempts(run.id).map((a) => a.taskId));
  const suite: Suite = {
    name: run.suite,
    version: run.manifest.suite.version ?? null,
    hash: run.manifest.suite.hash,
    tasks: [...tasks.values()].filter((t) => attempted.has(t.id)),
  };
  const summary = summarizeRun({ repo, suite, manifest: run.manifest, catalog: engine.catalog() }, run.status, {
    ran: 0,
    resumed: 0,
    errors: [],
    tokens: { input: 0, output: 0, cached: 0 },
    overheadMs: 0,
    seconds: 0,
  });
  return { summary, tasks, currentHash: stored[0]?.suiteHash };
}

export function benchRuns(engine: EngineServices): BenchRunRow[] {
  return new BenchRepository(engine.store.db).runs();
}

const FONT = 'Pretendard-Regular.subset.woff2';

/** The Korean font HTML reports embed: shipped in resources/fonts by the installer, or the dev dependency. */
function reportFont(resourcesDir: string): string | undefined {
  const candidates = [path.join(resourcesDir, 'fonts', FONT)];
  try {
    candidates.push(createRequire(import.meta.url).resolve(`pretendard/dist/web/static/woff2-subset/${FONT}`));
  } catch {
    // Not installed: the report falls back to the system's Korean fonts.
  }
  const file = candidates.find((f) => existsSync(f));
  return file ? readFileSync(file).toString('base64') : undefined;
}

export function benchReport(engine: EngineServices, params: { run: string; format?: BenchReport['format']; out?: string; lang?: ReportLang }): BenchReport {
  const repo = new BenchRepository(engine.store.db);
  const run = requireRun(repo, params.run);
  const { summary, tasks, currentHash } = summaryOf(engine, repo, run);
  const attempts = repo.attempts(run.id);
  const format = params.format ?? 'md';
  const data = reportData(run, summary, attempts, tasks, currentHash);
  const content =
    format === 'html'
      ? htmlReport(data, { fontWoff2Base64: reportFont(engine.resourcesDir), lang: params.lang })
      : format === 'csv'
        ? csvReport(data)
        : format === 'json'
          ? `${JSON.stringify({ manifest: run.manifest, summary, tasks: data.tasks.map((t) => ({ id: t.id, level: t.task?.level, abilities: t.task?.abilities, n: t.n, c: t.c, attempts: t.attempts.map(({ transcript: _t, ...a }) => a) })) }, null, 2)}\n`
          : markdownReport(data, params.lang);
  if (params.out) {
    const file = path.resolve(params.out);
    writeFileNoFollow(file, content);
    return { runId: run.id, format, content, file };
  }
  return { runId: run.id, format, content };
}

export function benchShow(engine: EngineServices, runId: string): BenchRunDetail {
  const repo = new BenchRepository(engine.store.db);
  const run = requireRun(repo, runId);
  const { summary, tasks, currentHash } = summaryOf(engine, repo, run);
  const data = reportData(run, summary, repo.attempts(run.id), tasks, currentHash);
  const catalog = engine.catalog();
  return {
    run,
    summary,
    suiteChanged: data.suiteChanged,
    tasks: data.tasks.map(({ id, task, n, c, attempts }) => ({
      taskId: id,
      request: task?.query_ko ?? null,
      level: task?.level ?? null,
      abilities: task?.abilities ?? [],
      agencies: task ? agenciesOf(catalog, task) : [],
      n,
      c,
      failures: [...new Set(attempts.flatMap((a) => (a.failure ? [a.failure] : [])))],
      errors: attempts.filter((a) => a.verdict === 'error').length,
      meanMs: Math.round(attempts.reduce((sum, a) => sum + a.ms, 0) / Math.max(1, attempts.length)),
    })),
  };
}

export async function benchAttempts(engine: EngineServices, runId: string, taskId: string): Promise<BenchTaskAttempts> {
  const repo = new BenchRepository(engine.store.db);
  const run = requireRun(repo, runId);
  const attempts = repo.attempts(run.id, taskId);
  const task = repo.tasks(run.suite).find((s) => s.task.id === taskId)?.task ?? null;
  if (attempts.length === 0 && !task)
    throw saidError('NotFound', { message: 'error.runNoTask', hint: 'error.runNoTask.hint', vars: { run: run.id, task: taskId } });
  const { mode, snapshot } = run.manifest.backend;
  if (!task || mode === 'live' || mode === 'record') return { runId: run.id, task, attempts, reference: null };
  const trace = await referenceTrace(task, callerFor(engine, mode, snapshot ?? undefined)(task), { catalog: engine.catalog() });
  const steps = trace.steps.map((s) => ({ id: s.id, tool: s.tool, args: s.args, ok: s.ok, errorKind: s.errorKind, rows: s.items.length }));
  return { runId: run.id, task, attempts, reference: { steps, answer: trace.answer ?? null, ...(trace.failure ? { failure: trace.failure } : {}) } };
}

export function benchCompare(engine: EngineServices, params: { a: string; b: string }): BenchComparison {
  const repo = new BenchRepository(engine.store.db);
  const [runA, runB] = [requireRun(repo, params.a), requireRun(repo, params.b)];
  const suiteOf = (r: BenchRunRow): string => `${r.manifest.suite.name} ${r.manifest.suite.version ? `v${r.manifest.suite.version}` : '(unversioned)'}`;
  if (suiteOf(runA) !== suiteOf(runB)) {
    throw saidError('InvalidRequest', {
      message: 'error.suitesDiffer',
      hint: 'error.suitesDiffer.hint',
      vars: { a: params.a, b: params.b, suiteA: suiteOf(runA), suiteB: suiteOf(runB) },
    });
  }
  const rate = (id: string): Map<string, number> => {
    requireRun(repo, id);
    const counts = new Map<string, { n: number; c: number }>();
    for (const a of repo.attempts(id)) {
      const t = counts.get(a.taskId) ?? { n: 0, c: 0 };
      t.n++;
      if (a.verdict === 'pass') t.c++;
      counts.set(a.taskId, t);
    }
    return new Map([...counts].map(([k, v]) => [k, v.c / v.n]));
  };
  const a = rate(params.a);
  const b = rate(params.b);
  const shared = [...a.keys()].filter((k) => b.has(k)).sort();
  if (shared.length === 0) throw saidError('InvalidRequest', { message: 'error.noSharedTask', vars: { a: params.a, b: params.b } });
  const unpaired = [...new Set([...a.keys(), ...b.keys()])].filter((k) => !(a.has(k) && b.has(k))).sort();
  const xs = shared.map((k) => a.get(k)!);
  const ys = shared.map((k) => b.get(k)!);
  const test = pairedTest(xs, ys);
  return {
    a: params.a,
    b: params.b,
    tasks: shared.length,
    aPass1: mean(xs),
    bPass1: mean(ys),
    aBetter: test.aBetter,
    bBetter: test.bBetter,
    ties: test.ties,
    difference: test.difference,
    pValue: test.pValue,
    method: test.method,
    changed: shared.filter((k) => a.get(k) !== b.get(k)).map((k) => ({ taskId: k, a: a.get(k)!, b: b.get(k)! })),
    unpaired,
  };
}

/** KOPA-Bench's API methods. */
export const benchMethods = (engine: EngineServices): MethodHandlers<BenchMethods> => ({
  'bench.validate': (params, options) => benchValidate(engine, params, options),
  'bench.run': (params, options) => benchRun(engine, params, options),
  'bench.runs': async () => benchRuns(engine),
  'bench.tasks': async ({ suite }) => {
    const catalog = engine.catalog();
    return loadSuite(suite, engine.resourcesDir, catalog).tasks.map((task) => ({
      id: task.id,
      question: task.query_ko,
      ...(task.query_en ? { questionEn: task.query_en } : {}),
      level: task.level,
      agencies: agenciesOf(catalog, task),
      abilities: [...task.abilities],
    }));
  },
  'bench.report': async (params) => benchReport(engine, params),
  'bench.compare': async (params) => benchCompare(engine, params),
  'bench.show': async ({ run }) => benchShow(engine, run),
  'bench.attempts': ({ run, task }) => benchAttempts(engine, run, task),
  'bench.checkAnswer': (params) => checkAnswer(engine, params),
});
