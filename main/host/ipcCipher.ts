// The key vault's cipher inside the engine's utility process: each encryption or decryption is a request to the
// desktop main process, which holds the OS keychain (safeStorage). Requests and answers are matched by id.
import type { EngineToMain, MainToEngine } from '../api/hostMessages.ts';
import { KEYCHAIN_AVAILABLE } from '../api/hostMessages.ts';
import type { SecretCipher } from '../engine/keys/keyVault.ts';

export class IpcCipher implements SecretCipher {
  readonly name = `electron-${KEYCHAIN_AVAILABLE}`;
  private readonly post: (message: EngineToMain) => void;
  private readonly pending = new Map<number, { resolve: (data: string) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(post: (message: EngineToMain) => void) {
    this.post = post;
  }

  /** Feed every message from the main process here; it takes the answers meant for it. */
  receive(message: MainToEngine): void {
    if (message.kind !== 'cipher.result' && message.kind !== 'cipher.error') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.kind === 'cipher.result') waiting.resolve(message.data);
    else waiting.reject(new Error(`The OS keychain refused: ${message.message}`));
  }

  async encrypt(plain: string): Promise<Buffer> {
    return Buffer.from(await this.request('encrypt', plain), 'base64');
  }

  decrypt(data: Buffer): Promise<string> {
    return this.request('decrypt', data.toString('base64'));
  }

  private request(op: 'encrypt' | 'decrypt', data: string): Promise<string> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ kind: 'cipher', id, op, data });
    });
  }
}
