// The engine: owns the data folder's database and the local runtimes, and answers the engine API.
// It runs inside the CLI process, behind the browser-mode server, or in Electron's utility process.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { APP_NAME, APP_VERSION } from '../core/appInfo.ts';
import { KopaError } from '../core/errors.ts';
import type { CallOptions, EngineApi, EngineHost, EngineStatus, MethodName, ParamsOf, ResultOf } from '../api/contract.ts';
import { parseCall } from '../api/schemas.ts';
import type { LlamaRuntime, LlamaRuntimeOptions } from '../../native/llama/index.ts';
import { Store, type StoreOptions } from './store/Store.ts';
import { MetaRepository } from './store/repositories/MetaRepository.ts';
import { collectDoctorReport } from './doctor.ts';

export interface EngineOptions {
  /** Folder for the database, models and recordings; created when missing. */
  dataDir: string;
  /** Which surface runs this engine, reported in its status. Defaults to "cli". */
  host?: EngineHost;
  /** Settings for the llama.cpp runtime, loaded the first time something needs it. Defaults to auto-detection. */
  llama?: LlamaRuntimeOptions;
  /** Database settings. Defaults to the store's own. */
  store?: StoreOptions;
}

export const DATABASE_FILE = 'kopa.db';

type Handlers = { [M in MethodName]: (params: ParamsOf<M>, options: CallOptions) => Promise<ResultOf<M>> };

export class Engine implements EngineApi {
  readonly dataDir: string;
  readonly store: Store;
  private readonly host: EngineHost;
  private readonly startedAt = new Date();
  private readonly llamaOptions: LlamaRuntimeOptions;
  private llamaRuntime: Promise<LlamaRuntime> | undefined;
  private disposed = false;
  private readonly handlers: Handlers = {
    'engine.status': async () => this.status(),
    'engine.doctor': async (_params, options) =>
      collectDoctorReport({
        dataDir: this.dataDir,
        schemaVersion: this.store.schemaVersion,
        llama: () => this.llama(),
        onProgress: options.onProgress,
      }),
  };

  private constructor(options: EngineOptions, store: Store) {
    this.dataDir = options.dataDir;
    this.host = options.host ?? 'cli';
    this.llamaOptions = options.llama ?? {};
    this.store = store;
  }

  /** Opens the data folder (creating it) and its database (migrating it). */
  static open(options: EngineOptions): Engine {
    const dataDir = path.resolve(options.dataDir);
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw new KopaError('DataDirUnavailable', `Cannot create the data folder ${dataDir}: ${(error as Error).message}`, {
        hint: 'Choose a writable folder with --data-dir or KOPA_DATA_DIR.',
        details: { dataDir },
        cause: error,
      });
    }
    const store = Store.open(path.join(dataDir, DATABASE_FILE), options.store);
    new MetaRepository(store.db).recordOpen(APP_VERSION, new Date());
    return new Engine({ ...options, dataDir }, store);
  }

  call<M extends MethodName>(method: M, params: ParamsOf<M>, options: CallOptions = {}): Promise<ResultOf<M>> {
    if (this.disposed) return Promise.reject(new KopaError('Disposed', 'The engine has shut down.'));
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

  /** The llama.cpp runtime, loaded on first use and shared. */
  llama(): Promise<LlamaRuntime> {
    if (this.disposed) return Promise.reject(new KopaError('Disposed', 'The engine has shut down.'));
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
    this.disposed = true;
    const runtime = this.llamaRuntime;
    this.llamaRuntime = undefined;
    if (runtime) await runtime.then((r) => r.dispose(), () => undefined);
    this.store.close();
  }
}
