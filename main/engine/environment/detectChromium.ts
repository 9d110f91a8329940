// Finds a Chromium-family browser on this machine without starting a browsing session: browser-mode users open
// the UI in it, and the end-to-end tests drive it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { RuntimeReport } from '../../api/contract.ts';

const run = promisify(execFile);

export interface DetectChromiumOptions {
  /** Defaults to process.env; KOPA_CHROMIUM names an executable to use. */
  env?: NodeJS.ProcessEnv;
  /** Defaults to process.platform. */
  platform?: NodeJS.Platform;
}

const candidatesByPlatform: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  win32: ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', 'C:\\Program Files\\Chromium\\Application\\chrome.exe'],
};

export function chromiumCandidates(options: DetectChromiumOptions = {}): string[] {
  const env = options.env ?? process.env;
  const explicit = env.KOPA_CHROMIUM ? [env.KOPA_CHROMIUM] : [];
  return [...explicit, ...(candidatesByPlatform[options.platform ?? process.platform] ?? [])];
}

export async function detectChromium(options: DetectChromiumOptions = {}): Promise<RuntimeReport> {
  const found = chromiumCandidates(options).find((file) => existsSync(file));
  if (!found) return { available: false, path: null, version: null, reason: 'no Chromium or Chrome executable found (set KOPA_CHROMIUM to its path)' };
  // Windows Chrome prints nothing for --version; the file existing is then all we can say.
  if ((options.platform ?? process.platform) === 'win32') return { available: true, path: found, version: null };
  try {
    const { stdout } = await run(found, ['--version'], { timeout: 15_000 });
    const version = /(\d+\.\d+\.\d+\.\d+)/.exec(stdout)?.[1] ?? null;
    return { available: true, path: found, version };
  } catch (error) {
    return { available: false, path: found, version: null, reason: `it does not start: ${(error as Error).message.split('\n')[0]}` };
  }
}
