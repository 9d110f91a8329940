// API keys: where each comes from (never its value), storing and removing them.
import type { KeyId } from '../core/catalog/types.ts';
import type { KeyPortal } from '../core/catalog/keyPortals.ts';
import { z } from 'zod';
import { keyIds } from '../core/catalog/types.ts';
import { empty, type EmptyParams, type MethodSchemas } from './shared.ts';

/** One API key as the engine sees it: where it comes from, never its value. */
export interface KeyStatus {
  keyId: KeyId;
  portal: KeyPortal;
  /** The environment variable the CLI and browser mode read it from. */
  envVar: string;
  /** Where the key in use comes from, or null when there is none. */
  source: 'vault' | 'environment' | null;
  /** When the vault's copy was stored. */
  updatedAt: string | null;
}

export interface KeyReport {
  keys: KeyStatus[];
  /** The encrypted vault the desktop app keeps keys in; the CLI and browser mode have none and read the environment. */
  vault: { available: boolean; file: string | null; reason: string | null };
}

const keyId = z.enum(keyIds);

/** Parameters and result of each method. */
export interface KeysMethods {
  'keys.status': { params: EmptyParams; result: KeyReport };
  'keys.set': { params: { keyId: KeyId; key: string }; result: KeyReport };
  'keys.remove': { params: { keyId: KeyId }; result: KeyReport };
}

export const keysSchemas: MethodSchemas<KeysMethods> = {
  'keys.status': empty,
  'keys.set': z.object({ keyId, key: z.string().max(4096) }).strict(),
  'keys.remove': z.object({ keyId }).strict(),
};
