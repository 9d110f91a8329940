// Whether the Electron runtime can start here. It never touches the `electron` package's entry point, which
// tries to download a missing binary: an air-gapped machine must get a plain "not installed" instead.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RuntimeReport } from '../../api/contract.ts';

export interface DetectElectronOptions {
  /** Defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Defaults to process.platform. */
  platform?: NodeJS.Platform;
  /** Folder of the `electron` npm package. Defaults to the one this project resolves. */
  packageDir?: string;
}

function electronPackageDir(): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

export function detectElectron(options: DetectElectronOptions = {}): RuntimeReport {
  if (process.versions.electron) return { available: true, path: process.execPath, version: process.versions.electron };
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const dir = options.packageDir ?? electronPackageDir();
  if (!dir) return { available: false, path: null, version: null, reason: 'the electron package is not installed' };
  const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const pathFile = path.join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(dir, 'dist');
  const binary = relative ? path.join(distDir, relative) : undefined;
  if (!binary || !existsSync(binary)) {
    return { available: false, path: binary ?? null, version, reason: `the Electron ${version} binary is not installed, and KOPA Studio does not download it` };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { available: false, path: binary, version, reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { available: true, path: binary, version };
}
