// Where the engine's API keys come from: the user's encrypted vault where the host has one (the desktop app),
// then the environment (KOPA_KEY_…, what the CLI and browser mode use). The vault wins: it holds the user's most
// recent, deliberate choice.
import type { KeyReport } from '../../api/contract.ts';
import { keyPortals } from '../../core/catalog/keyPortals.ts';
import { keyIds, type KeyId } from '../../core/catalog/types.ts';
import { keyEnvName, type KeyStore } from '../gateway/keyStore.ts';
import type { KeyVault } from './keyVault.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface KeySourcesOptions {
  /** The encrypted vault, where the host offers one. */
  vault?: KeyVault;
  /** Why there is no vault (no OS keychain, an unreadable file), to tell the user. */
  vaultUnavailable?: string;
  environment: KeyStore;
}

export class KeySources implements KeyStore {
  private readonly options: KeySourcesOptions;

  constructor(options: KeySourcesOptions) {
    this.options = options;
  }

  get(keyId: KeyId): string | undefined {
    return this.options.vault?.get(keyId) ?? this.options.environment.get(keyId);
  }

  report(): KeyReport {
    const { vault, environment } = this.options;
    const stored = new Map((vault?.stored() ?? []).map((s) => [s.keyId, s.updatedAt]));
    return {
      keys: keyIds.map((keyId) => ({
        keyId,
        portal: keyPortals[keyId],
        envVar: keyEnvName(keyId),
        source: stored.has(keyId) ? 'vault' : environment.get(keyId) !== undefined ? 'environment' : null,
        updatedAt: stored.get(keyId) ?? null,
      })),
      vault: vault
        ? { available: true, file: vault.file, reason: null }
        : {
            available: false,
            file: null,
            reason: this.options.vaultUnavailable ?? 'The CLI and browser mode keep no keys: they read them from the environment.',
          },
    };
  }

  async set(keyId: KeyId, key: string): Promise<KeyReport> {
    await this.vault(keyId).set(keyId, key);
    return this.report();
  }

  async remove(keyId: KeyId): Promise<KeyReport> {
    await this.vault(keyId).remove(keyId);
    return this.report();
  }

  private vault(keyId: KeyId): KeyVault {
    if (this.options.vault) return this.options.vault;
    throw saidError('Usage', {
      message: 'error.noVault',
      hint: 'error.noVault.hint',
      vars: { reason: this.report().vault.reason ?? '', variable: keyEnvName(keyId) },
    });
  }
}
