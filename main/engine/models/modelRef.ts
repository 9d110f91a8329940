// What a `model` parameter names, resolved once against the registry: every place that takes a model (chat, bench,
// BFCL, rollouts, paraphrasing, loading, checking a server) reads this union instead of testing the text's prefixes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModelInfo } from '../../api/contract.ts';
import type { KopaError } from '../../core/errors.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import {
  draftOf,
  looksLikePath,
  OPENAI_PREFIX,
  ORACLE_MODEL,
  POOL_PREFIX,
  readModelRef,
  type PoolMemberText,
  type ServerAddress,
} from '../../core/models/modelRef.ts';
import { closestNames } from '../../core/text/similarity.ts';
import type { ModelRegistry } from './ModelRegistry.ts';

/** How many requests a pool sends one server at once when its member names no `*N`. */
const POOL_MEMBER_CONCURRENCY = 4;

export interface PoolMember {
  /** As written in the pool: a registered server's id or name, or openai:URL#MODEL. */
  ref: string;
  /** openai:URL#MODEL: the server and the model it serves. */
  id: string;
  base: string;
  model: string;
  concurrency: number;
}

export type ModelRef =
  | { kind: 'oracle'; ref: string }
  /** A script of turns (scripted:FILE), as written. */
  | { kind: 'scripted'; ref: string; file: string }
  | { kind: 'server'; ref: string; base: string; model: string; registered: ModelInfo | undefined }
  | { kind: 'pool'; ref: string; members: PoolMember[] }
  /** A GGUF file: a registered model's, or a path given as it is (which inspection may find to be an adapter). */
  | { kind: 'local'; ref: string; file: string; registered: ModelInfo | undefined }
  /** A registered LoRA adapter, which is never a model of its own. */
  | { kind: 'adapter'; ref: string; file: string; registered: ModelInfo };

export interface ResolveOptions {
  /** Whether "oracle" names the benchmarks' built-in oracle (the benchmarks only). Defaults to false. */
  oracle?: boolean;
}

/**
 * Why a model reference finds nothing: a path that names no file, or a name that is no registered model (with the
 * closest names; `builtIn` adds the names a command knows besides the registry, such as bench's "oracle").
 */
export function unknownModel(registry: ModelRegistry, ref: string, builtIn: string[] = []): KopaError {
  if (looksLikePath(ref)) {
    return saidError('NotFound', { message: 'error.noModelFile', hint: 'error.noModelFile.hint', vars: { file: path.resolve(ref) } });
  }
  // The input itself is never a suggestion: a name that resolves to nothing is not the name that was meant.
  const close = closestNames(ref, [...builtIn, ...registry.list().flatMap((m) => [m.id, m.name])]).filter((name) => name !== ref);
  const builtInNames = builtIn.length ? `${builtIn.join(', ')}, ` : '';
  return saidError('NotFound', {
    message: close.length ? 'error.noModelClose' : 'error.noModel',
    hint: 'error.noModel.hint',
    vars: { ref, names: close.join(', '), builtIn: builtInNames },
  });
}

function server(ref: string, { base, model }: ServerAddress): { base: string; model: string } {
  if (!model) throw saidError('Usage', { message: 'error.serverModel', vars: { ref } });
  return { base, model };
}

/** A pool member: openai:URL#MODEL, or a registered server's id or name; nothing else can serve a pool. */
function memberServer(registry: ModelRegistry, member: string): { base: string; model: string } {
  const named = readModelRef(member);
  if (named.kind === 'server') return server(member, named.address);
  const known = named.kind === 'name' ? registry.get(member) : undefined;
  if (known?.kind === 'openai') return { base: known.location, model: known.name };
  throw saidError('Usage', { message: 'error.poolMember', hint: 'error.poolMember.hint', vars: { member } });
}

/** The servers of `pool:a*4,b*2` (each one's concurrency after `*`, 4 by default), each an OpenAI-compatible server. */
function poolMembers(registry: ModelRegistry, members: PoolMemberText[]): PoolMember[] {
  if (members.length === 0) throw saidError('Usage', { message: 'error.poolEmpty', vars: { prefix: POOL_PREFIX } });
  return members.map(({ ref: member, part, concurrency = POOL_MEMBER_CONCURRENCY }) => {
    const { base, model } = memberServer(registry, member);
    if (concurrency < 1) throw saidError('Usage', { message: 'error.poolConcurrency', vars: { part } });
    return { ref: member, id: `${OPENAI_PREFIX}${base}#${model}`, base, model, concurrency };
  });
}

/** What `ref` names: a built-in, a server or pool, a registered model, or a .gguf file that exists. */
export function resolveModelRef(registry: ModelRegistry, ref: string, options: ResolveOptions = {}): ModelRef {
  const text = readModelRef(ref, options);
  switch (text.kind) {
    case 'oracle':
      return { kind: 'oracle', ref };
    case 'scripted':
      return { kind: 'scripted', ref, file: text.file };
    case 'server':
      return { kind: 'server', ref, ...server(ref, text.address), registered: undefined };
    case 'pool':
      return { kind: 'pool', ref, members: poolMembers(registry, text.members) };
    case 'name': {
      const known = registry.get(text.name);
      if (known?.kind === 'openai') return { kind: 'server', ref, base: known.location, model: known.name, registered: known };
      if (known?.kind === 'lora') return { kind: 'adapter', ref, file: known.location, registered: known };
      if (known) return { kind: 'local', ref, file: known.location, registered: known };
      const file = path.resolve(text.name);
      if (!existsSync(file)) throw unknownModel(registry, ref, options.oracle ? [ORACLE_MODEL] : []);
      return { kind: 'local', ref, file, registered: undefined };
    }
  }
}

/** "draft:REF" with REF a registered model or a .gguf path, as the file the runtime loads; other speculation as given. */
export function resolveSpeculation<S extends string | undefined>(registry: ModelRegistry, speculation: S): S {
  const draft = draftOf(speculation);
  if (draft === undefined) return speculation;
  const known = registry.get(draft);
  if (known && known.kind !== 'gguf') throw saidError('Usage', { message: 'error.draftNotGguf', vars: { ref: draft } });
  const file = known ? known.location : path.resolve(draft);
  if (!existsSync(file)) throw unknownModel(registry, draft);
  return `draft:${file}` as S;
}
