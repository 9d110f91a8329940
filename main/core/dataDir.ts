// Where KOPA Studio keeps its database, models and recordings. The desktop app and the CLI must agree, so this
// mirrors Electron's `app.getPath('userData')` for the product name, and both take an explicit choice first.
import { APP_NAME } from './appInfo.ts';

export interface DataDirContext {
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}

function join(platform: string, ...parts: string[]): string {
  const sep = platform === 'win32' ? '\\' : '/';
  return parts.map((p, i) => (i === 0 ? p.replace(/[\\/]+$/, '') : p.replace(/^[\\/]+|[\\/]+$/g, ''))).join(sep);
}

/** The OS user-data folder for the app: what Electron would choose for it. */
export function defaultDataDir({ platform, env, homeDir }: DataDirContext): string {
  if (platform === 'win32') return join(platform, env.APPDATA ?? join(platform, homeDir, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(platform, homeDir, 'Library', 'Application Support', APP_NAME);
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(platform, homeDir, '.config');
  return join(platform, config, APP_NAME);
}

export type DataDirSource = 'flag' | 'env' | 'default';

/** `--data-dir` first, then `KOPA_DATA_DIR`, then the OS default. */
export function chooseDataDir(flag: string | undefined, context: DataDirContext): { dir: string; source: DataDirSource } {
  if (flag) return { dir: flag, source: 'flag' };
  const fromEnv = context.env.KOPA_DATA_DIR;
  if (fromEnv) return { dir: fromEnv, source: 'env' };
  return { dir: defaultDataDir(context), source: 'default' };
}
