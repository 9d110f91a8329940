// The validated set of tools: lookup by id (with suggestions for near misses), per-tool argument validators,
// and the allowlist of endpoints that the gateway and the Chromium session enforce.
import { distance } from 'fastest-levenshtein';
import type { Ajv } from 'ajv';
import { compileArgsValidator, createSchemaAjv, type ArgsValidator } from './argsValidator.ts';
import { keyGoesTo, type KeyGrant } from './keyPortals.ts';
import { isRemote, type Endpoint, type RemoteToolSpec, type ToolSpec } from './types.ts';
import { saidError } from '../i18n/saidError.ts';

export interface AllowlistEntry {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  path: string;
  method: 'GET' | 'POST';
  toolId: string;
}

export function defaultPort(scheme: 'http' | 'https'): number {
  return scheme === 'https' ? 443 : 80;
}

export function allowlistEntry(endpoint: Endpoint, toolId: string): AllowlistEntry {
  return {
    scheme: endpoint.scheme,
    host: endpoint.host,
    port: endpoint.port ?? defaultPort(endpoint.scheme),
    path: endpoint.path,
    method: endpoint.method,
    toolId,
  };
}

export class Catalog {
  private readonly byId: Map<string, ToolSpec>;
  private readonly validators = new Map<string, ArgsValidator>();
  private ajv: Ajv | undefined;
  private allowed: readonly AllowlistEntry[] | undefined;

  private readonly grants: readonly KeyGrant[];

  /** `grants`: the user's grants of a key to hosts outside its issuer's. */
  constructor(tools: ToolSpec[], grants: readonly KeyGrant[] = []) {
    this.byId = new Map(tools.map((t) => [t.id, t]));
    this.grants = grants;
  }

  /** Whether the tool's key may be sent to its host (checked again at call time, whatever loaded the spec). */
  keyMayGoTo(spec: RemoteToolSpec): boolean {
    return spec.auth.kind === 'none' || keyGoesTo(spec.auth.keyId, spec.endpoint.host, this.grants);
  }

  get size(): number {
    return this.byId.size;
  }

  list(): ToolSpec[] {
    return [...this.byId.values()];
  }

  get(id: string): ToolSpec | undefined {
    return this.byId.get(id);
  }

  /** The tool, or a NotFound error that suggests the closest ids. */
  require(id: string): ToolSpec {
    const tool = this.byId.get(id);
    if (tool) return tool;
    const suggestions = this.suggest(id);
    throw saidError(
      'NotFound',
      { message: suggestions.length ? 'error.noToolClose' : 'error.noTool', hint: 'error.noTool.hint', vars: { id, names: suggestions.join(', ') } },
      { details: { toolId: id, suggestions } },
    );
  }

  /** Up to three ids closest to `id` (edit distance on the whole id and on the operation name). */
  suggest(id: string): string[] {
    const lower = id.toLowerCase();
    const scored = [...this.byId.keys()].map((candidate) => {
      const c = candidate.toLowerCase();
      const op = c.slice(c.indexOf('.') + 1);
      const score = Math.min(distance(lower, c), distance(lower, op) + 1, c.includes(lower) || lower.includes(op) ? 1 : Infinity);
      return { candidate, score };
    });
    const limit = Math.max(3, Math.floor(id.length / 3));
    return scored
      .filter((s) => s.score <= limit)
      .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
      .slice(0, 3)
      .map((s) => s.candidate);
  }

  validator(id: string): ArgsValidator {
    let validator = this.validators.get(id);
    if (!validator) {
      this.ajv ??= createSchemaAjv();
      const spec = this.require(id);
      validator = compileArgsValidator(this.ajv, spec.parameters, spec.examples);
      this.validators.set(id, validator);
    }
    return validator;
  }

  remoteTools(): RemoteToolSpec[] {
    return this.list().filter(isRemote);
  }

  /** Built once: a catalog's tools do not change after it is made, and every call checks its URL against it. */
  allowlist(): readonly AllowlistEntry[] {
    this.allowed ??= this.remoteTools().map((t) => allowlistEntry(t.endpoint, t.id));
    return this.allowed;
  }
}
