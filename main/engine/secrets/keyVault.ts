// API keys at rest: one small JSON file in the data folder whose values are encrypted by a cipher the host
// provides (Electron's safeStorage, i.e. the OS keychain, on the desktop). The file never holds a key in the
// clear, is readable by its owner only, and is replaced atomically so a crash leaves the old or the new file.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { keyIds, type KeyId } from '../../core/catalog/types.ts';
import { KopaError } from '../../core/errors.ts';
import type { KeyStore } from '../gateway/keyStore.ts';

/** The file, in the data folder, that holds the desktop app's encrypted API keys. */
export const KEY_VAULT_FILE = 'keys.json';

/** Encrypts small secrets with a key this process does not hold (an OS keychain, reached over IPC on the desktop). */
export interface SecretCipher {
  /** Names the scheme, stored in the file so another cipher never misreads it. */
  readonly name: string;
  encrypt(plain: string): Promise<Buffer>;
  decrypt(data: Buffer): Promise<string>;
}

export interface StoredKey {
  keyId: KeyId;
  updatedAt: string;
}

interface VaultFile {
  format: 'kopa-keys';
  version: 1;
  cipher: string;
  keys: Partial<Record<KeyId, { secret: string; updatedAt: string }>>;
}

export interface KeyVaultOptions {
  /** The vault file, e.g. DATA_DIR/keys.json. */
  file: string;
  cipher: SecretCipher;
  now?: () => Date;
}

/** A key as pasted: data.go.kr shows an "Encoding" and a "Decoding" form, both accepted; whitespace is a paste slip. */
export function checkKeyText(keyId: KeyId, key: string): string {
  const trimmed = key.trim();
  if (trimmed === '') throw new KopaError('InvalidRequest', `The ${keyId} key is empty.`);
  if (/\s/.test(trimmed)) throw new KopaError('InvalidRequest', `The ${keyId} key contains spaces or line breaks.`, { hint: 'Paste the key exactly as the portal shows it.' });
  if (trimmed.length > 1024) throw new KopaError('InvalidRequest', `The ${keyId} key is longer than any portal issues (${trimmed.length} characters).`);
  return trimmed;
}

export class KeyVault implements KeyStore {
  private readonly options: KeyVaultOptions;
  private readonly data: VaultFile;
  private readonly clear = new Map<KeyId, string>();

  private constructor(options: KeyVaultOptions, data: VaultFile) {
    this.options = options;
    this.data = data;
  }

  /** Opens the vault (an absent file is an empty vault) and decrypts every key once, so a bad file fails here. */
  static async open(options: KeyVaultOptions): Promise<KeyVault> {
    const data = readVault(options.file, options.cipher.name);
    const vault = new KeyVault(options, data);
    for (const keyId of keyIds) {
      const entry = data.keys[keyId];
      if (!entry) continue;
      try {
        vault.clear.set(keyId, await options.cipher.decrypt(Buffer.from(entry.secret, 'base64')));
      } catch (error) {
        throw new KopaError('InvalidRequest', `The stored ${keyId} key cannot be decrypted on this account or machine.`, {
          hint: `Enter the key again (the vault ${options.file} was made elsewhere or the keychain changed).`,
          details: { file: options.file, keyId },
          cause: error,
        });
      }
    }
    return vault;
  }

  get file(): string {
    return this.options.file;
  }

  get(keyId: KeyId): string | undefined {
    return this.clear.get(keyId);
  }

  stored(): StoredKey[] {
    return keyIds.filter((id) => this.data.keys[id]).map((keyId) => ({ keyId, updatedAt: this.data.keys[keyId]!.updatedAt }));
  }

  async set(keyId: KeyId, key: string): Promise<void> {
    const clean = checkKeyText(keyId, key);
    const secret = (await this.options.cipher.encrypt(clean)).toString('base64');
    this.data.keys[keyId] = { secret, updatedAt: (this.options.now?.() ?? new Date()).toISOString() };
    this.write();
    this.clear.set(keyId, clean);
  }

  async remove(keyId: KeyId): Promise<void> {
    if (!this.data.keys[keyId]) return;
    delete this.data.keys[keyId];
    this.write();
    this.clear.delete(keyId);
  }

  private write(): void {
    const file = this.options.file;
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(this.data, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  }
}

function readVault(file: string, cipher: string): VaultFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { format: 'kopa-keys', version: 1, cipher, keys: {} };
    throw new KopaError('DataDirUnavailable', `Cannot read the key vault ${file}: ${(error as Error).message}`, { cause: error });
  }
  let data: VaultFile;
  try {
    data = JSON.parse(text) as VaultFile;
  } catch (error) {
    throw new KopaError('InvalidRequest', `The key vault ${file} is not valid JSON.`, { hint: 'Move the file away and enter the keys again.', cause: error });
  }
  if (data?.format !== 'kopa-keys' || data.version !== 1 || typeof data.keys !== 'object' || data.keys === null) {
    throw new KopaError('InvalidRequest', `${file} is not a KOPA Studio key vault of a version this app reads.`, { hint: 'Move the file away and enter the keys again.' });
  }
  if (data.cipher !== cipher) {
    throw new KopaError('InvalidRequest', `The key vault ${file} was encrypted with ${data.cipher}, which this app cannot use here (it has ${cipher}).`, {
      hint: 'Enter the keys again on this machine.',
    });
  }
  return data;
}
