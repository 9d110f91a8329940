// The engine: owns the data folder's database and the local runtimes, and answers the engine API.
// It runs inside the CLI process, behind the browser-mode server, or in Electron's utility process.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { APP_NAME, APP_VERSION } from '../core/appInfo.ts';
import { jobReach } from '../core/jobs/jobReach.ts';
import type { CallOptions, EngineApi, EngineHost, EngineStatus, JobMethod, MethodName, ParamsOf, ResultOf } from '../api/contract.ts';
import { parseCall } from '../api/schemas.ts';
import type { LlamaRuntime, LlamaRuntimeOptions } from '../../native/llama/index.ts';
import { Store, type StoreOptions } from './store/Store.ts';
import { MetaRepository } from './store/repositories/MetaRepository.ts';
import { collectDoctorReport } from './doctor.ts';
import type { Catalog } from '../core/catalog/Catalog.ts';
import { loadCatalog, type LoadedCatalog } from './catalog/loadCatalog.ts';
import { defaultResourcesDir } from './resources.ts';
import { Gateway, type GatewayOptions } from './gateway/Gateway.ts';
import { EnvKeyStore, type KeyStore } from './gateway/keyStore.ts';
import { KeySources } from './secrets/keySources.ts';
import type { KeyVault } from './secrets/keyVault.ts';
import { EmulatorServer, type EmulatorOptions } from './emulator/EmulatorServer.ts';
import { randomBytes } from 'node:crypto';
import { importCatalog, listCatalog, validateCatalogFiles } from './methods/catalog.ts';
import { proposeEdges, showEdge, verifyEdges } from './methods/edges.ts';
import { runRollout } from './methods/rollout.ts';
import { checkAnswer, rewardAudit } from './methods/rewardAudit.ts';
import { exportTrainingKit } from './methods/train.ts';
import { datasetSample, datasetSamples, exportDataset, listDatasets, runSynthesis } from './methods/synth.ts';
import { checkServer, inspectModel, loadedModels, loadModel } from './methods/models.ts';
import { exportChat, getChat, listChats, removeChat, renameChat, truncateChat } from './methods/chats.ts';
import { ApprovalBroker } from './agent/approvals.ts';
import { JobRunner } from './jobs/JobRunner.ts';
import { runAgent } from './methods/agent.ts';
import { bfclCheck, bfclConformance, bfclRun, bfclRuns, bfclShow } from './methods/bfcl.ts';
import { diskUse } from './methods/diskUse.ts';
import { benchAttempts, benchCompare, benchReport, benchRun, benchRuns, benchShow, benchValidate } from './methods/bench.ts';
import { demoModel } from './models/demoModel.ts';
import { ModelRegistry } from './models/ModelRegistry.ts';
import { ModelHost } from './models/ModelHost.ts';
import type { KeyId } from '../core/catalog/types.ts';
import { scanFolder } from './models/scanFolder.ts';
import { edgeStore } from './edge/edgeStore.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { exportBundle, importBundle } from './gateway/bundle.ts';
import { AuditRepository } from './store/repositories/AuditRepository.ts';
import { AuditCheckpoints } from './gateway/auditCheckpoints.ts';
import { RecordingRepository } from './store/repositories/RecordingRepository.ts';
import type { EngineServices } from './EngineServices.ts';
import { saidError } from '../core/i18n/saidError.ts';

/** The audit chain's head, written outside the database as it grows. */
const AUDIT_CHECKPOINTS_FILE = 'audit-checkpoints.jsonl';

export interface EngineOptions {
  /** Folder for the database, models and recordings; created when missing. */
  dataDir: string;
  /** Which surface runs this engine, reported in its status. Defaults to "cli". */
  host?: EngineHost;
  /** Settings for the llama.cpp runtime, loaded the first time something needs it. Defaults to auto-detection. */
  llama?: LlamaRuntimeOptions;
  /** Database settings. Defaults to the store's own. */
  store?: StoreOptions;
  /** Folder of the app's data files. Defaults to resources/ (or KOPA_RESOURCES_DIR). */
  resourcesDir?: string;
  /** Keys the user stored, encrypted (the desktop app's vault). Defaults to none: keys come from the environment only. */
  vault?: KeyVault;
  /** Why there is no vault, when the host meant to have one (no OS keychain, an unreadable file). */
  vaultUnavailable?: string;
  /** The environment keys are read from (KOPA_KEY_DATA_GO_KR, …). Defaults to the process's environment. */
  keyEnvironment?: KeyStore;
  /** Gateway settings (api base, timeouts, retries). Defaults to the gateway's own. */
  gateway?: Pick<GatewayOptions, 'apiBase' | 'timeoutMs' | 'retries' | 'backoffMs' | 'maxResponseBytes'>;
  /** The in-process emulator that emulator mode uses (seed, faults, clock). Defaults to seed 1, no faults, real time. */
  emulator?: Pick<EmulatorOptions, 'seed' | 'faults' | 'now'>;
}

export const DATABASE_FILE = 'kopa.db';

type Handlers = { [M in MethodName]: (params: ParamsOf<M>, options: CallOptions) => Promise<ResultOf<M>> };

export class Engine implements EngineApi, EngineServices {
  readonly dataDir: string;
  readonly store: Store;
  private readonly host: EngineHost;
  private readonly startedAt = new Date();
  private readonly llamaOptions: LlamaRuntimeOptions;
  private llamaRuntime: Promise<LlamaRuntime> | undefined;
  private loadedCatalog: LoadedCatalog | undefined;
  private gatewayInstance: Gateway | undefined;
  /** The audit chain's head, kept beside the database (audit-checkpoints.jsonl). */
  private readonly auditCheckpoints: AuditCheckpoints;
  private emulatorServer: Promise<EmulatorServer> | undefined;
  private readonly options: EngineOptions;
  readonly resourcesDir: string;
  private disposed = false;
  private readonly keys: KeySources;
  private registry: ModelRegistry | undefined;
  /** Calls waiting for the user's approval, and the tools a chat always allows. */
  readonly approvals = new ApprovalBroker();
  /** Long work that outlives the client that started it. */
  readonly jobs: JobRunner;
  private loadedModels: ModelHost | undefined;
  private readonly handlers: Handlers = {
    'engine.status': async () => this.status(),
    'engine.doctor': async (_params, options) =>
      collectDoctorReport({
        dataDir: this.dataDir,
        schemaVersion: this.store.schemaVersion,
        llama: () => this.llama(),
        onProgress: options.onProgress,
      }),
    'catalog.list': async ({ agency }) => listCatalog(this, agency),
    'catalog.get': async ({ id }) => this.catalog().require(id),
    'catalog.validate': async ({ files }) => validateCatalogFiles(this, files),
    'catalog.import': async ({ file, agency }) => importCatalog(this, file, agency),
    'catalog.kinds': async () => this.catalogInfo().vocabulary.tags,
    'engine.diskUse': async () => diskUse(this.dataDir),
    'gateway.call': ({ tool, args, mode, snapshot, raw }, options) => this.gateway().call(tool, args, { mode, snapshot, raw, signal: options.signal }),
    'gateway.quota': async ({ tool }) => this.gateway().quotaUsage(tool),
    'gateway.parse': async ({ tool, body, bodyBase64, status, contentType }) =>
      this.gateway().parse(tool, {
        status: status ?? 200,
        contentType: contentType ?? '',
        body: bodyBase64 !== undefined ? Buffer.from(bodyBase64, 'base64') : Buffer.from(body ?? '', 'utf8'),
      }),
    'audit.verify': async () => {
      const verdict = new AuditRepository(this.store.db).verify(this.auditCheckpoints.read());
      // A log found whole is anchored as it is now, so a later rewrite of it cannot match.
      if (verdict.ok) this.auditCheckpoints.record(new AuditRepository(this.store.db).head() ?? { entries: 0, seq: 0, hash: '' });
      return verdict;
    },
    'audit.list': async (params) => {
      // Entries are stamped in UTC (toISOString); a bound given with an offset is compared as that same instant.
      const utc = (iso: string | undefined): string | undefined => (iso === undefined ? undefined : new Date(iso).toISOString());
      const { total, entries } = new AuditRepository(this.store.db).query({ ...params, from: utc(params.from), to: utc(params.to) });
      return { total, entries: entries.map(({ prevHash: _prev, ...entry }) => entry) };
    },
    'snapshots.list': async () => new RecordingRepository(this.store.db).snapshots(),
    'bundle.export': async ({ snapshot, file }, options) => exportBundle(this.store, snapshot, path.resolve(file), options.onProgress),
    'bundle.import': async ({ file, as }, options) => importBundle(this.store, path.resolve(file), { as, onProgress: options.onProgress }),
    'edges.propose': async () => proposeEdges(this),
    'edges.verify': (params, options) => verifyEdges(this, params, options),
    'edges.list': async ({ status, tool, kind }) => {
      const repo = edgeStore(this);
      return { graphVersion: repo.graphVersion(), edges: repo.list({ status, tool }).filter((e) => kind === undefined || e.kind === kind) };
    },
    'edges.show': async ({ id }) => showEdge(this, id),
    'synth.run': (params, options) => runSynthesis(this, params, options),
    'synth.export': async ({ dataset, ...request }) => exportDataset(this, dataset, request),
    'synth.samples': async ({ dataset }) => datasetSamples(this, dataset),
    'synth.sample': async ({ dataset, ordinal }) => datasetSample(this, dataset, ordinal),
    'synth.list': async () => listDatasets(this),
    'models.add': ({ source, name, copy, base }, options) =>
      this.models().add(source, { name, copy, base, onProgress: options.onProgress, signal: options.signal }),
    'models.list': async () => this.models().list(),
    'models.inspect': ({ ref }) => inspectModel(this, ref),
    'models.remove': async ({ id }) => this.models().remove(id),
    'models.demo': (_, options) => demoModel(this.models(), { onProgress: options.onProgress, signal: options.signal }),
    'models.scan': async ({ folder }) => scanFolder(folder, this.models().list()),
    'models.test': ({ ref }, options) => checkServer(this, ref, options.signal),
    'agent.run': (params, options) => runAgent(this, params, options),
    'agent.approve': async ({ id, answer, reason }) => this.approvals.answer(id, answer, reason),
    'chats.list': async ({ search }) => listChats(this, search),
    'chats.get': async ({ id }) => getChat(this, id),
    'chats.rename': async ({ id, title }) => renameChat(this, id, title),
    'chats.remove': async ({ id }) => removeChat(this, id),
    'chats.truncate': async ({ id, fromSeq }) => truncateChat(this, id, fromSeq),
    'chats.export': async ({ id, format }) => exportChat(this, id, format),
    'models.load': (params, options) => loadModel(this, params, options),
    'models.unload': async ({ path: file }) => ({ unloaded: await this.modelHost().unload(this.models().get(file)?.location ?? path.resolve(file)) }),
    'models.loaded': async () => loadedModels(this),
    'jobs.start': async ({ method, params }) => this.jobs.start(method, params),
    'jobs.list': async () => this.jobs.list(),
    'jobs.get': async ({ id }) => this.jobs.get(id),
    'jobs.cancel': async ({ id }) => this.jobs.cancel(id),
    'jobs.watch': ({ id }, options) => this.jobs.watch(id, options),
    'jobs.resume': async ({ id, allowNetwork, overwrite }) => this.jobs.resume(id, { allowNetwork, overwrite }),
    'bfcl.run': (params, options) => bfclRun(this, params, options),
    'bfcl.check': async (params) => bfclCheck(params),
    'bfcl.conformance': async (params, options) => bfclConformance(params, options),
    'bfcl.runs': async () => bfclRuns(this),
    'bfcl.show': async ({ run }) => bfclShow(this, run),
    'bench.validate': (params, options) => benchValidate(this, params, options),
    'bench.run': (params, options) => benchRun(this, params, options),
    'bench.runs': async () => benchRuns(this),
    'rollout.run': (params, options) => runRollout(this, params, options),
    'train.export': (params, options) => exportTrainingKit(this, params, options),
    'bench.report': async (params) => benchReport(this, params),
    'bench.compare': async (params) => benchCompare(this, params),
    'bench.show': async ({ run }) => benchShow(this, run),
    'bench.attempts': ({ run, task }) => benchAttempts(this, run, task),
    'bench.checkAnswer': (params) => checkAnswer(this, params),
    'reward.audit': (params, options) => rewardAudit(this, params, options),
    'keys.status': async () => this.keys.report(),
    'keys.set': ({ keyId, key }) => this.keys.set(keyId, key),
    'keys.remove': ({ keyId }) => this.keys.remove(keyId),
  };

  private constructor(options: EngineOptions, store: Store) {
    this.dataDir = options.dataDir;
    this.auditCheckpoints = new AuditCheckpoints(path.join(this.dataDir, AUDIT_CHECKPOINTS_FILE));
    this.host = options.host ?? 'cli';
    this.llamaOptions = options.llama ?? {};
    this.store = store;
    this.options = options;
    this.resourcesDir = options.resourcesDir ?? defaultResourcesDir();
    this.jobs = new JobRunner(store.db, {
      call: (method, params, options) => this.call(method, params, options),
      check: (method, params) => void parseCall(method, params),
      settle: (method, params) => this.settleJobParams(method, params),
    });
    this.keys = new KeySources({ vault: options.vault, vaultUnavailable: options.vaultUnavailable, environment: options.keyEnvironment ?? new EnvKeyStore() });
  }

  /** Opens the data folder (creating it) and its database (migrating it). */
  static open(options: EngineOptions): Engine {
    const dataDir = path.resolve(options.dataDir);
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw saidError(
        'DataDirUnavailable',
        { message: 'error.dataDir', hint: 'error.dataDir.hint', vars: { dir: dataDir, reason: (error as Error).message } },
        {
          details: { dataDir },
          cause: error,
        },
      );
    }
    const store = Store.open(path.join(dataDir, DATABASE_FILE), options.store);
    new MetaRepository(store.db).recordOpen(APP_VERSION, new Date());
    // Requests a process killed mid-call had sent go into the chain as interrupted before anything else happens.
    new AuditRepository(store.db).recoverInterrupted();
    const engine = new Engine({ ...options, dataDir }, store);
    engine.jobs.recoverInterrupted();
    return engine;
  }

  call<M extends MethodName>(method: M, params: ParamsOf<M>, options: CallOptions = {}): Promise<ResultOf<M>> {
    if (this.disposed) return Promise.reject(saidError('Disposed', { message: 'error.engineShutDown' }));
    try {
      const parsed = parseCall(method, params);
      const handler = this.handlers[parsed.method] as (p: unknown, o: CallOptions) => Promise<ResultOf<M>>;
      return handler(parsed.params, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  status(): EngineStatus {
    const memory = process.memoryUsage();
    const sqliteVersion = (this.store.db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
    return {
      app: { name: APP_NAME, version: APP_VERSION },
      engine: { host: this.host, pid: process.pid, startedAt: this.startedAt.toISOString(), uptimeMs: Date.now() - this.startedAt.getTime() },
      runtime: { node: process.versions.node, platform: process.platform, arch: process.arch },
      dataDir: this.dataDir,
      database: { file: this.store.file, schemaVersion: this.store.schemaVersion, latestSchemaVersion: this.store.latestSchemaVersion, sqliteVersion },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    };
  }

  /** The catalog: bundled specs plus the user's own (DATA_DIR/catalog), loaded on first use. */
  catalogInfo(): LoadedCatalog {
    this.loadedCatalog ??= loadCatalog({
      resourcesDir: this.resourcesDir,
      userDir: path.join(this.dataDir, 'catalog'),
      cacheDir: path.join(this.dataDir, 'cache'),
    });
    return this.loadedCatalog;
  }

  catalog(): Catalog {
    return this.catalogInfo().catalog;
  }

  /**
   * A job's parameters with the defaults that shape what it makes resolved: a synthesis or a verification is as of
   * the moment it started, so its resume (another day, without the --now it was started with) makes the same.
   */
  private settleJobParams(method: JobMethod, params: Record<string, unknown>): Record<string, unknown> {
    if ((method !== 'synth.run' && method !== 'edges.verify') || params.asOf !== undefined) return params;
    return { ...params, asOf: this.clock(jobReach(method, params).mode).toISOString() };
  }

  /** What "now" is for a backend: the emulator's own clock (which tests and demos may freeze), else the real one. */
  clock(mode: GatewayMode): Date {
    return mode === 'emulator' ? (this.options.emulator?.now?.() ?? new Date()) : new Date();
  }

  /** The in-process emulator on a free loopback port, started the first time emulator mode needs it. */
  emulator(): Promise<EmulatorServer> {
    if (this.disposed) return Promise.reject(saidError('Disposed', { message: 'error.engineShutDown' }));
    this.emulatorServer ??= EmulatorServer.start({
      catalog: this.catalog(),
      resourcesDir: this.resourcesDir,
      key: randomBytes(16).toString('hex'),
      ...this.options.emulator,
    });
    return this.emulatorServer;
  }

  gateway(): Gateway {
    if (!this.gatewayInstance) {
      this.gatewayInstance = new Gateway({
        catalog: this.catalog(),
        store: this.store,
        keys: this.keys,
        emulator: () => this.emulator().then((e) => ({ host: '127.0.0.1', port: e.port, key: e.key ?? 'kopa-emulator' })),
        checkpoints: this.auditCheckpoints,
        ...this.options.gateway,
      });
    }
    return this.gatewayInstance;
  }

  /** The registered models and inference servers. */
  models(): ModelRegistry {
    this.registry ??= new ModelRegistry(this.store.db, this.dataDir, () => this.llama());
    return this.registry;
  }

  /** Local models kept loaded between calls. */
  modelHost(): ModelHost {
    this.loadedModels ??= new ModelHost(() => this.llama());
    return this.loadedModels;
  }

  /** An API key from the vault or the environment (e.g. the inference server's); never logged. */
  apiKey(keyId: KeyId): string | undefined {
    return this.keys.get(keyId);
  }

  /** The llama.cpp runtime, loaded on first use and shared. */
  llama(): Promise<LlamaRuntime> {
    if (this.disposed) return Promise.reject(saidError('Disposed', { message: 'error.engineShutDown' }));
    if (!this.llamaRuntime) {
      // Loaded on first use: node-llama-cpp costs start-up time and memory that most commands never need.
      const created = import('../../native/llama/index.ts').then(({ LlamaRuntime }) => LlamaRuntime.create(this.llamaOptions));
      // A failed load is not cached: the user may fix the install and ask again.
      created.catch(() => {
        if (this.llamaRuntime === created) this.llamaRuntime = undefined;
      });
      this.llamaRuntime = created;
    }
    return this.llamaRuntime;
  }

  /** Releases the runtimes, then the database (children before parents). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    await this.jobs.dispose();
    this.disposed = true;
    await this.loadedModels?.dispose();
    const runtime = this.llamaRuntime;
    this.llamaRuntime = undefined;
    if (runtime)
      await runtime.then(
        (r) => r.dispose(),
        () => undefined,
      );
    this.gatewayInstance?.close();
    if (this.emulatorServer)
      await this.emulatorServer.then(
        (e) => e.close(),
        () => undefined,
      );
    this.store.close();
  }
}
