import { Option, type Command } from 'commander';
import { DEFAULT_REWARD_PRESET, rewardPresets, type RewardPreset } from '../../core/train/reward/types.ts';
import type { CommandContext } from '../context.ts';
import { parseInstant } from '../optionParsers.ts';
import { parsePort } from './app.ts';

interface ServeEnvOptions {
  host: string;
  port?: number;
  mode: 'emulator' | 'replay';
  snapshot?: string;
  dataset?: string;
  preset: RewardPreset;
  token?: string;
  now?: Date;
}

export function registerServeEnv(program: Command, context: () => CommandContext): void {
  program
    .command('serve-env')
    .option('--host <address>', 'address to bind (default 127.0.0.1; another one exposes the service to the network)', '127.0.0.1')
    .option('--port <n>', 'port (default: a free one)', parsePort)
    .addOption(new Option('--mode <mode>', 'where tool calls go').choices(['emulator', 'replay']).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot (a dataset bundle imported with kopa bundle import)')
    .option('--dataset <id|name>', 'the synthesized dataset whose rows (sample_id) rewards are computed against')
    .addOption(new Option('--preset <name>', 'default reward preset').choices([...rewardPresets]).default(DEFAULT_REWARD_PRESET))
    .option('--token <token>', 'the bearer token (default: a random one, printed; env KOPA_ENV_TOKEN)')
    .option('--now <iso>', "emulator mode: answer every call at this moment (default: each call at its sample's recorded moment)", parseInstant)
    .action(async (options: ServeEnvOptions) => {
      const ctx = context();
      await ctx.withEngine(
        async (engine) => {
          const { startEnvService } = await import('../../host/envService.ts');
          const service = await startEnvService(engine, {
            mode: options.mode,
            snapshot: options.snapshot,
            dataset: options.dataset,
            preset: options.preset,
            host: options.host,
            port: options.port,
            token: options.token ?? ctx.io.env.KOPA_ENV_TOKEN,
            ...(options.now ? { now: options.now } : {}),
          });
          const info = {
            url: service.url,
            token: service.token,
            mode: options.mode,
            snapshot: options.snapshot ?? null,
            dataset: options.dataset ?? null,
            preset: options.preset,
          };
          ctx.out.result(info, (i) =>
            [
              ctx.t('cli.serveEnv.on', {
                url: i.url,
                mode: `${i.mode}${i.snapshot ? ` ${i.snapshot}` : ''}`,
                dataset: i.dataset ? ctx.t('cli.serveEnv.dataset', { dataset: i.dataset }) : '',
                preset: i.preset,
              }),
              ctx.t('cli.serveEnv.token', { token: i.token }),
              `GET /v1/tools · POST /v1/tools/{name} · POST /v1/reward — Authorization: Bearer TOKEN. ${ctx.t('cli.pressCtrlC')}`,
            ].join('\n'),
          );
          await ctx.io.interrupted();
          await service.close();
        },
        options.now ? { emulator: { now: () => options.now! } } : {},
      );
    });
}
