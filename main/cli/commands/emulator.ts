import type { Command } from 'commander';
import type { CommandContext } from '../context.ts';
import { parseInstant, parseInteger } from '../optionParsers.ts';
import { parsePort } from './app.ts';

interface EmulatorCliOptions {
  port?: number;
  seed?: number;
  key?: string;
  faults?: string;
  now?: Date;
}

export function registerEmulator(program: Command, context: () => CommandContext): void {
  program
    .command('emulator')
    .option('--port <n>', 'port (default: a free one)', parsePort)
    .option('--seed <n>', 'world seed (default 1)', parseInteger)
    .option('--key <key>', 'accept only this key (default: any key, except a double-encoded one)')
    .option('--faults <profile>', 'none, latency, flaky, quota, nodata, malformed, drift, chaos, or a JSON file')
    .option('--now <iso>', "freeze the emulator's clock at this time", parseInstant)
    .action(async (options: EmulatorCliOptions) => {
      const ctx = context();
      const faults = options.faults ? (await import('../../engine/emulator/faults.ts')).parseFaultProfile(options.faults) : undefined;
      await ctx.withEngine(async (engine) => {
        const { EmulatorServer } = await import('../../engine/emulator/EmulatorServer.ts');
        const emulator = await EmulatorServer.start({
          catalog: engine.catalog(),
          resourcesDir: engine.resourcesDir,
          port: options.port ?? 0,
          seed: options.seed,
          key: options.key,
          faults,
          ...(options.now ? { now: () => options.now! } : {}),
        });
        const info = {
          url: emulator.url,
          port: emulator.port,
          seed: emulator.seed,
          faults: faults?.name ?? 'none',
          tools: engine.catalog().remoteTools().length,
        };
        ctx.out.result(info, (i) =>
          [
            ctx.t('cli.emulator.on', { url: i.url, seed: i.seed, faults: i.faults, tools: i.tools }),
            ctx.t('cli.emulator.callIt', { url: i.url }),
            ctx.t('cli.pressCtrlC'),
          ].join('\n'),
        );
        await ctx.io.interrupted();
        await emulator.close();
      });
    });
}
