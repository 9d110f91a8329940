// The OS keychain, for the engine's key vault. Only the main process can use safeStorage; it encrypts and
// decrypts on the engine's request and never sees where the results are kept. On Linux without a keyring,
// safeStorage falls back to a fixed, publicly known password ("basic_text"): that is not encryption, so the
// vault is refused there and keys come from the environment.
import { safeStorage } from 'electron';
import { KEYCHAIN_AVAILABLE, type EngineToMain, type MainToEngine } from '../api/hostMessages.ts';

/** KEYCHAIN_AVAILABLE, or why keys cannot be stored encrypted on this machine. */
export function keychainAvailability(): string {
  if (!safeStorage.isEncryptionAvailable())
    return 'The OS keychain is not available, so API keys cannot be stored encrypted. Set KOPA_KEY_… environment variables instead.';
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return 'No keyring (GNOME Keyring or KWallet) is running, so API keys could only be obfuscated, not encrypted. Start a keyring, or set KOPA_KEY_… environment variables instead.';
  }
  return KEYCHAIN_AVAILABLE;
}

export function answerCipher(request: Extract<EngineToMain, { kind: 'cipher' }>): MainToEngine {
  try {
    const data =
      request.op === 'encrypt' ? safeStorage.encryptString(request.data).toString('base64') : safeStorage.decryptString(Buffer.from(request.data, 'base64'));
    return { kind: 'cipher.result', id: request.id, data };
  } catch (error) {
    return { kind: 'cipher.error', id: request.id, message: (error as Error).message };
  }
}
