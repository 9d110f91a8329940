// How a `model` parameter is written, read in one place: the built-in oracle, a script of turns, an inference
// server, a pool of servers, or a name (a registered model's id or name, or a .gguf path) that only the model registry
// can resolve. The engine's model resolver (main/engine/models/modelRef.ts) turns the last into a file or a server.

export const ORACLE_MODEL = 'oracle';
export const SCRIPTED_PREFIX = 'scripted:';
export const OPENAI_PREFIX = 'openai:';
export const POOL_PREFIX = 'pool:';
/** `--speculation draft:MODEL`: speculative decoding with a smaller model of the same vocabulary as the draft. */
export const DRAFT_PREFIX = 'draft:';

/** A server as `openai:URL#MODEL` names it; `model` is missing when the `#MODEL` part is. */
export interface ServerAddress {
  base: string;
  model: string | undefined;
}

/** One member of `pool:a*4,b`: what it names, and the concurrency after `*` where one is given. */
export interface PoolMemberText {
  ref: string;
  part: string;
  concurrency: number | undefined;
}

export type ModelRefText =
  | { kind: 'oracle' }
  | { kind: 'scripted'; file: string }
  | { kind: 'server'; address: ServerAddress }
  | { kind: 'pool'; members: PoolMemberText[] }
  | { kind: 'name'; name: string };

function serverAddress(afterPrefix: string): ServerAddress {
  const hash = afterPrefix.indexOf('#');
  return hash < 0 ? { base: afterPrefix, model: undefined } : { base: afterPrefix.slice(0, hash), model: afterPrefix.slice(hash + 1) || undefined };
}

/** `oracle` is read as the oracle only where the caller knows it (the benchmarks); elsewhere it is a name like any other. */
export function readModelRef(ref: string, options: { oracle?: boolean } = {}): ModelRefText {
  if (options.oracle && ref === ORACLE_MODEL) return { kind: 'oracle' };
  if (ref.startsWith(SCRIPTED_PREFIX)) return { kind: 'scripted', file: ref.slice(SCRIPTED_PREFIX.length) };
  if (ref.startsWith(OPENAI_PREFIX)) return { kind: 'server', address: serverAddress(ref.slice(OPENAI_PREFIX.length)) };
  if (ref.startsWith(POOL_PREFIX)) {
    const members = ref
      .slice(POOL_PREFIX.length)
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .map((part) => {
        const [, member = part, count] = /^(.*?)(?:\*(\d+))?$/.exec(part) ?? [];
        return { ref: member, part, concurrency: count === undefined ? undefined : Number(count) };
      });
    return { kind: 'pool', members };
  }
  return { kind: 'name', name: ref };
}

/** A name that can only be a file: it has a folder in it or ends in .gguf. */
export function looksLikePath(ref: string): boolean {
  return /[\\/]|\.gguf$/i.test(ref);
}

/** The model a `draft:MODEL` speculation names, or undefined for the other kinds of speculation. */
export function draftOf(speculation: string | undefined): string | undefined {
  return speculation?.startsWith(DRAFT_PREFIX) ? speculation.slice(DRAFT_PREFIX.length) : undefined;
}
