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

/**
 * Every form a key can take on the wire or in text: raw, percent-encoded, the "Encoding" form it came in, and each
 * of those as JSON writes it (with and without "/" escaped as "\\/").
 */
function keyForms(key: string): string[] {
  const raw = decodeKey(key);
  const plain = [key, raw, encodeURIComponent(raw), encodeURIComponent(key)];
  const json = plain.flatMap((f) => {
    const escaped = JSON.stringify(f).slice(1, -1);
    return [escaped, escaped.replace(/\//g, '\\/')];
  });
  return [...new Set([...plain, ...json])].filter((k) => k.length >= 4).sort((a, b) => b.length - a.length);
}

const formsByKey = new Map<string, string[]>();

/** Every form of every key the store holds, longest first, each once (one key may serve several portals). */
function allForms(store: KeyStore): string[] {
  const forms = new Set<string>();
  for (const id of keyIds) {
    const key = store.get(id);
    if (!key) continue;
    let cached = formsByKey.get(key);
    if (!cached) {
      cached = keyForms(key);
      if (formsByKey.size > 64) formsByKey.clear();
      formsByKey.set(key, cached);
    }
    for (const form of cached) forms.add(form);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Replaces every form of every known key in `text` with ***. */
export function redactKeys(text: string, store: KeyStore): string {
  let out = text;
  for (const form of allForms(store)) if (out.includes(form)) out = out.split(form).join('***');
  return out;
}

/**
 * A parsed value with every key removed from its strings (keys included), and whether anything was: a response can
 * echo a key in a form no list of encodings foresees (every character a \\u escape, an XML character reference),
 * which only shows once it is parsed.
 */
export function redactValue(value: unknown, store: KeyStore): { value: unknown; changed: boolean } {
  const forms = allForms(store);
  let changed = false;
  const scrub = (text: string): string => {
    let out = text;
    for (const form of forms) out = out.split(form).join('***');
    if (out !== text) changed = true;
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [scrub(k), walk(x)]));
    return v;
  };
  const out = forms.length ? walk(value) : value;
  return { value: out, changed };
}
