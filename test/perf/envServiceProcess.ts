// The reward service in a process of its own, as `kopa serve-env` runs it, with the bounds a benchmark needs
// (completions past the default 1,000 calls, bodies past 8 MiB): `node --import tsx envServiceProcess.ts DATA_DIR
// OPTIONS_JSON` prints {url, token} as one line once it listens, and stops on SIGTERM. A service sharing the
// benchmark's process would share its heap and its pauses too.
import { Engine } from '../../main/engine/Engine.ts';
import { startEnvService, type EnvServiceOptions } from '../../main/host/envService.ts';
import { TEST_NOW } from '../helpers/emulatorArgs.ts';

const [dataDir, optionsJson] = process.argv.slice(2);
const engine = Engine.open({ dataDir: dataDir!, host: 'test', emulator: { now: () => TEST_NOW } });
const service = await startEnvService(engine, JSON.parse(optionsJson!) as EnvServiceOptions);
process.stdout.write(`${JSON.stringify({ url: service.url, token: service.token })}\n`);
process.once('SIGTERM', () => {
  void service
    .close()
    .then(() => engine.dispose())
    .then(() => process.exit(0));
});
