// A real cipher standing in for the OS keychain in tests: AES-256-GCM under a key only the test holds.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../../main/engine/keys/keyVault.ts';

export function encryptForTest(key: Buffer, plain: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decryptForTest(key: Buffer, data: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}

export function testCipher(key: Buffer = randomBytes(32), name = 'test-aes-gcm'): SecretCipher {
  return {
    name,
    encrypt: async (plain) => encryptForTest(key, plain),
    decrypt: async (data) => decryptForTest(key, data),
  };
}
