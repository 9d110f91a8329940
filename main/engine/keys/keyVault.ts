// API keys at rest: one small JSON file in the data folder whose values are encrypted by a cipher the host
// provides (Electron's safeStorage, i.e. the OS keychain, on the desktop). The file never holds a key in the
// clear, is readable by its owner only, and is replaced atomically so a crash leaves the old or the new file.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { keyIds, type KeyId } from '../../core/catalog/types.ts';
import type { KeyStore } from '../gateway/keyStore.ts';
import { saidError } from '../../core/i18n/saidError.ts';

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
  if (trimmed === '') throw saidError('InvalidRequest', { message: 'error.keyEmpty', vars: { keyId } });
  if (/\s/.test(trimmed)) throw saidError('InvalidRequest', { message: 'error.keySpaces', hint: 'error.keySpaces.hint', vars: { keyId } });
  if (trimmed.length > 1024) throw saidError('InvalidRequest', { message: 'error.keyLong', vars: { keyId, n: trimmed.length } });
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
        throw saidError(
          'InvalidRequest',
          { message: 'error.keyUndecryptable', hint: 'error.keyUndecryptable.hint', vars: { keyId, file: options.file } },
          {
            details: { file: options.file, keyId },
            cause: error,
          },
        );
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
    throw saidError('DataDirUnavailable', { message: 'error.vaultUnreadable', vars: { file, reason: (error as Error).message } }, { cause: error });
  }
  let data: VaultFile;
  try {
    data = JSON.parse(text) as VaultFile;
  } catch (error) {
    throw saidError('InvalidRequest', { message: 'error.vaultNotJson', hint: 'error.vaultAgain.hint', vars: { file } }, { cause: error });
  }
  if (data?.format !== 'kopa-keys' || data.version !== 1 || typeof data.keys !== 'object' || data.keys === null) {
    throw saidError('InvalidRequest', { message: 'error.vaultVersion', hint: 'error.vaultAgain.hint', vars: { file } });
  }
  if (data.cipher !== cipher) {
    throw saidError('InvalidRequest', { message: 'error.vaultCipher', hint: 'error.vaultCipher.hint', vars: { file, cipher: data.cipher, here: cipher } });
  }
  return data;
}
