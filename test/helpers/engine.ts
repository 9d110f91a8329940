import { afterEach } from 'vitest';
import { Engine, type EngineOptions } from '../../main/engine/Engine.ts';
import { tempDir } from './tempDir.ts';

const open: Engine[] = [];

afterEach(async () => {
  for (const engine of open.splice(0)) await engine.dispose();
});

/** An engine on a fresh data folder, disposed after the current test. */
export function testEngine(options: Partial<EngineOptions> = {}): Engine {
  const engine = Engine.open({ dataDir: tempDir('kopa-engine-'), host: 'test', ...options });
  open.push(engine);
  return engine;
}
