// API keys: the desktop app's encrypted vault, the environment for the CLI and browser mode, and the engine API
// that reports where each key comes from without ever returning one.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { isKopaError } from '../../../main/core/errors.ts';
import type { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { KEY_VAULT_FILE, KeyVault } from '../../../main/engine/keys/keyVault.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { testCipher } from '../../helpers/testCipher.ts';
import { fileEmulator } from '../../helpers/engine.ts';

// data.go.kr issues keys with characters that need percent-encoding.
const KEY = 'Vault+Key/For==Test';
let live: EmulatorServer;

beforeAll(async () => {
  live = await fileEmulator({ key: KEY, now: () => TEST_NOW });
});

describe('key vault', () => {
  it('keeps keys encrypted, owner-only, and reads them back after a restart', async () => {
    const dir = tempDir();
    const file = path.join(dir, KEY_VAULT_FILE);
    const cipher = testCipher();
    const vault = await KeyVault.open({ file, cipher });
    await vault.set('data.go.kr', `  ${KEY}\n`);
    await vault.set('kosis', 'kosis-key-123');
    await vault.remove('kosis');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([KEY_VAULT_FILE]);
    const again = await KeyVault.open({ file, cipher });
    expect(again.get('data.go.kr')).toBe(KEY);
    expect(again.get('kosis')).toBeUndefined();
    expect(again.stored().map((s) => s.keyId)).toEqual(['data.go.kr']);
  });

  it('refuses a key with spaces inside, and an empty one', async () => {
    const vault = await KeyVault.open({ file: path.join(tempDir(), KEY_VAULT_FILE), cipher: testCipher() });
    for (const bad of ['', '   ', 'two words']) {
      const error = await vault.set('vworld', bad).catch((e: unknown) => e);
      expect(isKopaError(error, 'InvalidRequest')).toBe(true);
    }
  });

  it('says plainly when a vault cannot be read here, and never overwrites it', async () => {
    const dir = tempDir();
    const file = path.join(dir, KEY_VAULT_FILE);
    await (await KeyVault.open({ file, cipher: testCipher(randomBytes(32)) })).set('data.go.kr', KEY);
    const original = readFileSync(file, 'utf8');
    const otherMachine = await KeyVault.open({ file, cipher: testCipher(randomBytes(32)) }).catch((e: Error) => e);
    expect((otherMachine as Error).message).toContain('cannot be decrypted on this account or machine');
    const otherCipher = await KeyVault.open({ file, cipher: testCipher(randomBytes(32), 'other-scheme') }).catch((e: Error) => e);
    expect((otherCipher as Error).message).toContain('was encrypted with test-aes-gcm');
    writeFileSync(path.join(dir, 'broken.json'), '{"format": "kopa-keys", "vers');
    const broken = await KeyVault.open({ file: path.join(dir, 'broken.json'), cipher: testCipher() }).catch((e: Error) => e);
    expect((broken as Error).message).toContain('is not valid JSON');
    expect(readFileSync(file, 'utf8')).toBe(original);
  });
});

describe('keys through the engine API', () => {
  it('without a vault: reports keys from the environment and explains how to set one', async () => {
    const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ kosis: 'from-env' }) });
    const report = await engine.call('keys.status', {});
    expect(report.vault).toMatchObject({ available: false, file: null });
    expect(report.keys.find((k) => k.keyId === 'kosis')).toMatchObject({ source: 'environment', envVar: 'KOPA_KEY_KOSIS' });
    expect(report.keys.find((k) => k.keyId === 'data.go.kr')).toMatchObject({
      source: null,
      envVar: 'KOPA_KEY_DATA_GO_KR',
      portal: { url: 'https://www.data.go.kr' },
    });
    expect(JSON.stringify(report)).not.toContain('from-env');
    const error = await engine.call('keys.set', { keyId: 'data.go.kr', key: KEY }).catch((e: unknown) => e);
    expect(isKopaError(error, 'Usage')).toBe(true);
    expect((error as { hint: string }).hint).toContain('KOPA_KEY_DATA_GO_KR');
  });

  it('with a vault: a stored key is used for live calls, wins over the environment, and never shows', async () => {
    const dataDir = tempDir();
    const vault = await KeyVault.open({ file: path.join(dataDir, KEY_VAULT_FILE), cipher: testCipher() });
    const engine = testEngine({ dataDir, vault, keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'stale-env-key' }), gateway: { apiBase: live.url } });
    const ncst = { tool: 'kma.getUltraSrtNcst', args: { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 }, mode: 'live' as const };
    expect((await engine.call('gateway.call', ncst)).error?.kind).toBe('BadKey');
    const report = await engine.call('keys.set', { keyId: 'data.go.kr', key: KEY });
    expect(report.keys.find((k) => k.keyId === 'data.go.kr')).toMatchObject({ source: 'vault', updatedAt: expect.any(String) });
    expect(JSON.stringify(report)).not.toContain(KEY);
    const result = await engine.call('gateway.call', ncst);
    expect(result).toMatchObject({ ok: true, source: 'live' });
    const removed = await engine.call('keys.remove', { keyId: 'data.go.kr' });
    expect(removed.keys.find((k) => k.keyId === 'data.go.kr')?.source).toBe('environment');
    expect(existsSync(path.join(dataDir, KEY_VAULT_FILE))).toBe(true);
  });

  it('refuses an unknown key id with the list of real ones', async () => {
    const error = await testEngine()
      .call('keys.remove', { keyId: 'data.go' as never })
      .catch((e: unknown) => e);
    expect(isKopaError(error, 'InvalidRequest')).toBe(true);
    expect((error as Error).message).toContain('data.go.kr');
  });
});
