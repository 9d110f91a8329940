import { Engine, type EngineOptions } from '../../main/engine/Engine.ts';
import { releaseAfterTest } from './release.ts';
import { tempDir } from './tempDir.ts';

/** An engine on a fresh data folder, disposed after the current test. */
export function testEngine(options: Partial<EngineOptions> = {}): Engine {
  const engine = Engine.open({ dataDir: tempDir('kopa-engine-'), host: 'test', ...options });
  releaseAfterTest(() => engine.dispose());
  return engine;
}
