// API keys, one per issuing portal. The CLI reads them from environment variables; the desktop app decrypts
// them in its main process (safeStorage) and hands them to the engine in memory. Keys are never written by the
// engine, and every string that leaves it can be scrubbed of them.
import { keyIds, type KeyId } from '../../core/catalog/types.ts';
import { decodeKey } from '../../core/gateway/buildRequest.ts';

export interface KeyStore {
  get(keyId: KeyId): string | undefined;
}

/** Environment variable per key: KOPA_KEY_DATA_GO_KR, KOPA_KEY_JUSO_SEARCH, KOPA_KEY_JUSO_COORD, KOPA_KEY_VWORLD, KOPA_KEY_KOSIS. */
export function keyEnvName(keyId: KeyId): string {
  return `KOPA_KEY_${keyId.replace(/[^a-z0-9]+/gi, '_').toUpperCase()}`;
}

export class EnvKeyStore implements KeyStore {
  private readonly env: NodeJS.ProcessEnv;
  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.env = env;
  }
  get(keyId: KeyId): string | undefined {
    const value = this.env[keyEnvName(keyId)];
    return value && value.trim() !== '' ? value.trim() : undefined;
  }
}

export class MemoryKeyStore implements KeyStore {
  private readonly keys: Partial<Record<KeyId, string>>;
  constructor(keys: Partial<Record<KeyId, string>>) {
    this.keys = { ...keys };
  }
  get(keyId: KeyId): string | undefined {
    return this.keys[keyId];
  }
}

/** The same key for every portal: what the engine's own emulator accepts. */
export class SingleKeyStore implements KeyStore {
  private readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
  get(): string {
    return this.key;
  }
}

/** Every form a key can take on the wire or in text: raw, percent-encoded, and the "Encoding" form it came in. */
function keyForms(key: string): string[] {
  const raw = decodeKey(key);
  return [...new Set([key, raw, encodeURIComponent(raw), encodeURIComponent(key)])].filter((k) => k.length >= 4);
}

/** Replaces every form of every known key in `text` with ***. */
export function redactKeys(text: string, store: KeyStore): string {
  let out = text;
  for (const id of keyIds) {
    const key = store.get(id);
    if (!key) continue;
    for (const form of keyForms(key).sort((a, b) => b.length - a.length)) out = out.split(form).join('***');
  }
  return out;
}
