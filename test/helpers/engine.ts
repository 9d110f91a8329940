import { Engine, type EngineOptions } from '../../main/engine/Engine.ts';
import { EmulatorServer, type EmulatorOptions } from '../../main/engine/emulator/EmulatorServer.ts';
import { defaultResourcesDir } from '../../main/engine/resources.ts';
import { bundledCatalog } from './catalog.ts';
import { releaseAfterFile, releaseAfterTest } from './release.ts';
import { fileTempDir, tempDir } from './tempDir.ts';

/** An engine on a fresh data folder, disposed after the current test. */
export function testEngine(options: Partial<EngineOptions> = {}): Engine {
  const engine = Engine.open({ dataDir: tempDir('kopa-engine-'), host: 'test', ...options });
  releaseAfterTest(() => engine.dispose());
  return engine;
}

/** An engine the whole test file shares (on a fresh folder unless given one), disposed after the file. */
export function fileEngine(options: Partial<EngineOptions> = {}): Engine {
  const engine = Engine.open({ dataDir: fileTempDir('kopa-engine-'), host: 'test', ...options });
  releaseAfterFile(() => engine.dispose());
  return engine;
}

/** The emulator on a port of 127.0.0.1 for the whole test file, with the bundled catalog; closed after the file. */
export async function fileEmulator(options: Partial<EmulatorOptions> = {}): Promise<EmulatorServer> {
  const emulator = await EmulatorServer.start({ catalog: bundledCatalog(), resourcesDir: defaultResourcesDir(), ...options });
  releaseAfterFile(() => emulator.close());
  return emulator;
}
