// The end-to-end tests drive a real Chromium. Find one; on Debian as root, install the distribution's package.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { detectChromium } from '../main/engine/environment/detectChromium.ts';

let found = await detectChromium();
if (!found.available && process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.error('setup: installing Chromium for the browser tests (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): boolean => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  found = await detectChromium();
}
if (!found.available) {
  console.error(`setup: the browser tests need Chromium: ${found.reason}.`);
  console.error('Install it (Debian/Ubuntu: sudo apt-get install chromium) or set KOPA_CHROMIUM to a Chromium or Chrome executable.');
  process.exit(1);
}
console.error(`setup: Chromium ${found.version ?? ''} at ${found.path}`);
