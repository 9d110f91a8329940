// Browser mode: the engine in this process, its API and the built UI on 127.0.0.1 with a per-launch token.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startHttpTransport, type HttpTransport } from '../api/node/httpTransport.ts';
import { Engine, type EngineOptions } from '../engine/Engine.ts';
import { projectPaths } from './projectPaths.ts';
import { saidError } from '../core/i18n/saidError.ts';

export interface BrowserHostOptions {
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. Defaults to 0. */
  port?: number;
  /** Folder of the built UI. Defaults to dist/renderer of this checkout. */
  staticDir?: string;
  /** Passed to the engine. */
  engine?: Omit<EngineOptions, 'dataDir' | 'host'>;
}

export interface BrowserHost {
  engine: Engine;
  transport: HttpTransport;
  close(): Promise<void>;
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const staticDir = options.staticDir ?? projectPaths.rendererDist;
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw saidError('RuntimeUnavailable', { message: 'error.uiNotBuilt', hint: 'error.notBuilt.hint', vars: { file: path.join(staticDir, 'index.html') } });
  }
  const engine = Engine.open({ ...options.engine, dataDir: options.dataDir, host: 'browser' });
  try {
    const transport = await startHttpTransport(engine, { port: options.port ?? 0, staticDir });
    return {
      engine,
      transport,
      close: async () => {
        await transport.close();
        await engine.dispose();
      },
    };
  } catch (error) {
    await engine.dispose();
    throw error;
  }
}
