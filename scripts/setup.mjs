// First-run set-up behind `npm start` and `npm test`, so each works from a fresh clone:
//   --deps      installs node_modules with `npm ci` when missing or older than package-lock.json;
//   --chromium  makes sure a Chromium exists for the browser tests (installs Debian's package as root if not);
//   --trainer   makes sure KOPA-Nano's trainer can run for its tests (Debian's torch and sentencepiece, as root).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (args.has('--deps')) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
    console.error('setup: installing dependencies (npm ci)…');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // Electron 45 and its packager declare Node ≥ 22.12, which only building installers needs; on Node 20 npm would
    // print a warning per package for an app and tests that run fine. One line says what each Node version can do.
    const [major, minor] = process.versions.node.split('.').map(Number);
    const packages = major > 22 || (major === 22 && minor >= 12);
    if (run(npm, ['ci', ...(packages ? [] : ['--loglevel=error'])], { shell: process.platform === 'win32' }) !== 0) process.exit(1);
    if (!packages)
      console.error(
        `setup: Node ${process.versions.node} runs the app, the CLI and the tests; building installers (npm run package) needs Node 22.12 or later (Electron 45).`,
      );
  }
}

if (args.has('--chromium')) {
  const status = run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'ensureChromium.ts')]);
  if (status !== 0) process.exit(status);
}

if (args.has('--trainer')) {
  const status = run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'ensureTrainer.ts')]);
  if (status !== 0) process.exit(status);
}
