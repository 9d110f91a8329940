// The `kopa` command: one error boundary, one exit-code policy (0 ok, 1 failure, 2 usage), --json everywhere.
import { Command, CommanderError, Option } from 'commander';
import { locales, translate, type Locale, type StringKey } from '../core/i18n/strings.ts';
import { cliLocale, describeCommands, localizedHelp } from './i18n.ts';
import { localizeCommanderError } from './commanderErrors.ts';
import { APP_VERSION } from '../core/appInfo.ts';
import { KopaError } from '../core/errors.ts';
import { CommandContext, type GlobalOptions } from './context.ts';
import { processIo, type CliIo } from './io.ts';
import { Output } from './output.ts';
import { registerApp } from './commands/app.ts';
import { registerDoctor } from './commands/doctor.ts';
import { registerCatalog } from './commands/catalog.ts';
import { registerCall, registerRecordings } from './commands/gateway.ts';
import { registerEmulator } from './commands/emulator.ts';
import { registerAudit } from './commands/audit.ts';
import { registerKeys } from './commands/keys.ts';
import { registerJobs } from './commands/jobs.ts';
import { registerEdges } from './commands/edges.ts';
import { registerSynth } from './commands/synth.ts';
import { registerModels } from './commands/models.ts';
import { registerChat } from './commands/chat.ts';
import { registerMcp } from './commands/mcp.ts';
import { registerBfcl } from './commands/bfcl.ts';
import { registerBench } from './commands/bench.ts';
import { registerServeEnv } from './commands/serveEnv.ts';
import { registerRollout } from './commands/rollout.ts';
import { registerReward } from './commands/reward.ts';
import { registerTrain } from './commands/train.ts';

export const ExitCode = { ok: 0, failure: 1, usage: 2 } as const;

export function buildProgram(io: CliIo, onContext: (ctx: CommandContext) => void, locale: Locale = 'en'): Command {
  const t = (key: StringKey): string => translate(locale, key);
  const program = new Command('kopa')
    .version(APP_VERSION, '-V, --version', t('cli.option.version'))
    .option('--data-dir <dir>', t('cli.option.dataDir'))
    .option('--json', t('cli.option.json'))
    .option('--wide', t('cli.option.wide'))
    .option('--columns <list>', t('cli.option.columns'), (v: string) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .addOption(new Option('--lang <lang>', t('cli.option.lang')).choices([...locales]))
    .helpOption('-h, --help', t('cli.option.help'))
    .showHelpAfterError(t('cli.addHelp'))
    .configureHelp(localizedHelp(locale))
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(localizeCommanderError(locale, s)),
    });

  const context = (): CommandContext => {
    const ctx = new CommandContext(io, program.opts<GlobalOptions>(), locale);
    onContext(ctx);
    return ctx;
  };
  registerDoctor(program, context);
  registerApp(program, context);
  registerCatalog(program, context);
  registerCall(program, context);
  registerEmulator(program, context);
  registerAudit(program, context);
  registerRecordings(program, context);
  registerEdges(program, context);
  registerSynth(program, context);
  registerModels(program, context);
  registerChat(program, context);
  registerMcp(program, context);
  registerBfcl(program, context);
  registerBench(program, context);
  registerServeEnv(program, context);
  registerRollout(program, context);
  registerReward(program, context);
  registerTrain(program, context);
  registerKeys(program, context);
  registerJobs(program, context);
  describeCommands(program, locale);
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const command of all(program).slice(1)) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

/** Runs the CLI and returns the exit code; never calls process.exit. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let ctx: CommandContext | undefined;
  const locale = cliLocale(argv, io.env);
  const program = buildProgram(
    io,
    (c) => {
      ctx = c;
    },
    locale,
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ctx?.exitCode ?? ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
      return ExitCode.usage;
    }
    const out = ctx?.out ?? new Output(io, argv.includes('--json'), locale);
    out.error(error);
    return error instanceof KopaError && error.code === 'Usage' ? ExitCode.usage : ExitCode.failure;
  }
}
