// Messages between the desktop main process and the engine's utility process (besides the API itself, which
// runs over the MessagePorts handed across). The OS keychain (Electron's safeStorage) exists only in the main
// process, so the engine asks it to encrypt and decrypt the key vault's entries.
import type { ErrorPayload } from '../core/errors.ts';

/** How the engine process learns, at start, whether it can keep keys (a command-line flag of its entry). */
export const KEYCHAIN_FLAG = 'keychain';
/** Its value when the main process offers a keychain; any other value is the reason it cannot. */
export const KEYCHAIN_AVAILABLE = 'safeStorage';

export type EngineToMain =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ErrorPayload }
  | {
      kind: 'cipher';
      id: number;
      op: 'encrypt' | 'decrypt';
      /** base64 for decrypt, text for encrypt */
      data: string;
    };

export type MainToEngine =
  | { kind: 'connect' }
  | {
      kind: 'cipher.result';
      id: number;
      /** base64 for encrypt, text for decrypt */
      data: string;
    }
  | { kind: 'cipher.error'; id: number; message: string };
