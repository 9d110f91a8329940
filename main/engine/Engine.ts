// The engine: owns the data folder's database and the local runtimes, and answers the engine API.
// It runs inside the CLI process, behind the browser-mode server, or in Electron's utility process.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { APP_NAME, APP_VERSION } from '../core/appInfo.ts';
import { jobReach } from '../core/jobs/jobReach.ts';
import type { CallOptions, EngineApi, EngineHost, EngineMethods, EngineStatus, JobMethod, MethodName, ParamsOf, ResultOf } from '../api/contract.ts';
import { parseCall } from '../api/schemas.ts';
import type { LlamaRuntime, LlamaRuntimeOptions } from '../../native/llama/index.ts';
import { Store, type StoreOptions } from './store/Store.ts';
import { MetaRepository } from './store/repositories/MetaRepository.ts';
import type { Catalog } from '../core/catalog/Catalog.ts';
import { loadCatalog, type LoadedCatalog } from './catalog/loadCatalog.ts';
import { defaultResourcesDir } from './resources.ts';
import { Gateway, type GatewayOptions } from './gateway/Gateway.ts';
import { EnvKeyStore, type KeyStore } from './gateway/keyStore.ts';
import { KeySources } from './keys/keySources.ts';
import type { KeyVault } from './keys/keyVault.ts';
import { EmulatorServer, type EmulatorOptions } from './emulator/EmulatorServer.ts';
import { randomBytes } from 'node:crypto';
import { ApprovalBroker } from './agent/approvals.ts';
import { JobRunner } from './jobs/JobRunner.ts';
import { ModelRegistry } from './models/ModelRegistry.ts';
import { ModelHost } from './models/ModelHost.ts';
import type { KeyId } from '../core/catalog/types.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { AuditRepository } from './audit/AuditRepository.ts';
import { AuditCheckpoints } from './audit/auditCheckpoints.ts';
import type { EngineServices, MethodHandlers } from './EngineServices.ts';
import { methodTable } from './methodTable.ts';
import { saidError } from '../core/i18n/saidError.ts';
import { requireFileOrNone } from './files/noFollow.ts';
import { engineDisposed, engineOpened } from './engineTracker.ts';
import { disposeInOrder } from '../core/lifecycle/disposeInOrder.ts';

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

export class Engine implements EngineApi, EngineServices {
  readonly dataDir: string;
  readonly store: Store;
  private readonly host: EngineHost;
  private readonly startedAt = new Date();
  private readonly llamaOptions: LlamaRuntimeOptions;
  private loadedCatalog: LoadedCatalog | undefined;
  private gatewayInstance: Gateway | undefined;
  /** The audit chain's head, kept beside the database (audit-checkpoints.jsonl). */
  readonly auditCheckpoints: AuditCheckpoints;
  private emulatorServer: Promise<EmulatorServer> | undefined;
  private readonly options: EngineOptions;
  readonly resourcesDir: string;
  private disposed = false;
  readonly keys: KeySources;
  private registry: ModelRegistry | undefined;
  /** Calls waiting for the user's approval, and the tools a chat always allows. */
  readonly approvals = new ApprovalBroker();
  /** Long work that outlives the client that started it. */
  readonly jobs: JobRunner;
  private loadedModels: ModelHost | undefined;
  private readonly handlers: MethodHandlers<EngineMethods>;

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
    this.handlers = methodTable(this);
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
    requireFileOrNone(path.join(dataDir, AUDIT_CHECKPOINTS_FILE));
    const store = Store.open(path.join(dataDir, DATABASE_FILE), options.store);
    new MetaRepository(store.db).recordOpen(APP_VERSION, new Date());
    // Requests a process killed mid-call had sent go into the chain as interrupted before anything else happens.
    new AuditRepository(store.db).recoverInterrupted();
    const engine = new Engine({ ...options, dataDir }, store);
    engineOpened(engine);
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
    this.loadedModels ??= new ModelHost(
      // Loaded on first use: node-llama-cpp costs start-up time and memory that most commands never need.
      () => import('../../native/llama/index.ts').then(({ LlamaRuntime }) => LlamaRuntime.create(this.llamaOptions)),
      async (file) => (await import('../../native/llama/index.ts')).inspectGguf(file),
    );
    return this.loadedModels;
  }

  /** An API key from the vault or the environment (e.g. the inference server's); never logged. */
  apiKey(keyId: KeyId): string | undefined {
    return this.keys.get(keyId);
  }

  /** The llama.cpp runtime, loaded on first use and shared (the model host owns it). */
  llama(): Promise<LlamaRuntime> {
    if (this.disposed) return Promise.reject(saidError('Disposed', { message: 'error.engineShutDown' }));
    return this.modelHost().runtime();
  }

  /** Closes what the engine owns; each owner closes what it owns (the model host its models, then the runtime). */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    try {
      // Long work stops first (it uses the rest), while calls still work; then nothing new starts.
      await this.jobs[Symbol.asyncDispose]();
      this.disposed = true;
      // Users before what they use: models before the gateway's audit, the gateway before the emulator it calls,
      // the database last. One that refuses (the audit's checkpoint at a planted link) does not keep the rest open.
      await disposeInOrder([this.loadedModels, this.gatewayInstance, this.emulatorServer && settledServer(this.emulatorServer), this.store]);
    } finally {
      engineDisposed(this);
    }
  }
}

/** An emulator still starting is closed once it has started; one that failed to start has nothing to close. */
function settledServer(starting: Promise<EmulatorServer>): AsyncDisposable {
  return {
    [Symbol.asyncDispose]: () =>
      starting.then(
        (server) => server[Symbol.asyncDispose](),
        () => undefined,
      ),
  };
}
