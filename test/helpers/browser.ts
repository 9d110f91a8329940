// Headless Chromium for the end-to-end tests: the distribution's browser driven by playwright-core, with the
// flags that keep it off the network.
import { chromium, type Browser } from 'playwright-core';
import { detectChromium } from '../../main/engine/environment/detectChromium.ts';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
  const found = await detectChromium();
  if (!found.available || !found.path) throw new Error(`The browser tests need Chromium: ${found.reason}. Run npm test (it installs it) or set KOPA_CHROMIUM.`);
  return chromium.launch({ executablePath: found.path, args: CHROMIUM_FLAGS, headless: true });
}
