// `kopa app`: the desktop app where Electron can start; otherwise the same UI in browser mode on 127.0.0.1.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { saidError } from '../../core/i18n/saidError.ts';
import { projectPaths } from '../../host/projectPaths.ts';
import type { CommandContext } from '../context.ts';
import { invalidArgument } from '../commanderErrors.ts';

interface AppOptions {
  browser?: boolean;
  port?: number;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw invalidArgument('port');
  return port;
}

async function runDesktop(ctx: CommandContext, electronPath: string): Promise<number> {
  if (!existsSync(projectPaths.desktopMain)) {
    throw saidError('RuntimeUnavailable', { message: 'error.desktopNotBuilt', hint: 'error.notBuilt.hint', vars: { file: projectPaths.desktopMain } });
  }
  const env: NodeJS.ProcessEnv = { ...ctx.io.env, KOPA_DATA_DIR: ctx.dataDir };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electronPath, [projectPaths.desktopMain], { stdio: 'inherit', env });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function runBrowser(ctx: CommandContext, port: number): Promise<void> {
  const { startBrowserHost } = await import('../../host/browserHost.ts');
  const host = await startBrowserHost({ dataDir: ctx.dataDir, port });
  const { url, launchUrl } = host.transport;
  ctx.out.result({ mode: 'browser', url, launchUrl, dataDir: ctx.dataDir }, () =>
    [ctx.t('cli.app.browser', { url: launchUrl }), ctx.t('cli.app.dataDir', { dir: ctx.dataDir })].join('\n'),
  );
  await ctx.io.interrupted();
  await host.close();
}

export function registerApp(program: Command, context: () => CommandContext): void {
  program
    .command('app')
    .option('--browser', 'serve browser mode even where Electron could start')
    .option('--port <n>', 'port for browser mode (default: a free one)', parsePort)
    .action(async (options: AppOptions) => {
      const ctx = context();
      if (!options.browser) {
        const { detectElectron } = await import('../../engine/environment/detectElectron.ts');
        const electron = detectElectron({ env: ctx.io.env, platform: ctx.io.platform });
        if (electron.available && electron.path) {
          const code = await runDesktop(ctx, electron.path);
          if (code !== 0) throw saidError('Internal', { message: 'error.desktopExited', vars: { code } });
          return;
        }
        ctx.out.note(ctx.t('cli.app.noElectron', { reason: electron.reason ?? '' }));
      }
      await runBrowser(ctx, options.port ?? 0);
    });
}
