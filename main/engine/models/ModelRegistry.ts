// The models a user brought: GGUF files (and LoRA adapters) registered with what their headers say and a
// SHA-256 of their bytes (streamed, with progress, and reused while size and modification time stay the same),
// and OpenAI-compatible servers on the agency network. Nothing is added unless it was read completely.
import { createHash } from 'node:crypto';
import { constants, copyFileSync, createReadStream, existsSync, mkdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { OPENAI_PREFIX } from '../../core/models/modelRef.ts';
import type { ModelInfo, Progress, ThinkingSetting } from '../../api/contract.ts';
import { checkServerBase } from '../../core/models/serverBase.ts';
import type { SqliteDatabase } from '../../../native/sqlite/index.ts';
import type { GgufReport, LlamaRuntime } from '../../../native/llama/index.ts';
import { saidError } from '../../core/i18n/saidError.ts';

interface ModelRow {
  id: string;
  path: string;
  kind: 'model' | 'lora';
  size_bytes: number;
  mtime_ms: number;
  sha256: string | null;
  architecture: string | null;
  parameter_count: number | null;
  quantization: string | null;
  context_length: number | null;
  chat_template: string | null;
  metadata_json: string | null;
  copied: number;
  added_at: string;
}

interface ServerRow {
  id: string;
  base_url: string;
  model: string;
  added_at: string;
  idle_timeout_ms: number | null;
}

/** A registered inference server: the only kind of model endpoint the app reaches, kept apart from the gateway's allowlist. */
export interface RegisteredServer {
  id: string;
  /** As core/models/serverBase.ts writes it. */
  base: string;
  model: string;
  /** How long it may send nothing; null for the default. */
  idleTimeoutMs: number | null;
}

/** The base as stored, in the one spelling bases are compared by (rows written before it was checked keep theirs). */
function storedBase(row: ServerRow): string {
  const checked = checkServerBase(row.base_url);
  return checked.ok ? checked.base : row.base_url;
}

export async function sha256Of(file: string, onProgress?: (p: Progress) => void, signal?: AbortSignal): Promise<string> {
  const total = statSync(file).size;
  const hash = createHash('sha256');
  let done = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * 1024 * 1024, signal })) {
    hash.update(chunk as Buffer);
    done += (chunk as Buffer).length;
    onProgress?.({ stage: 'sha256', done, total });
  }
  return hash.digest('hex');
}

/** What a model's row keeps beside its header's facts: the name given, the adapter's base, the thinking set for it. */
type ModelMeta = Partial<GgufReport> & { base?: ModelInfo['base']; thinking?: ThinkingSetting };

function metaOf(r: ModelRow): ModelMeta {
  return r.metadata_json ? (JSON.parse(r.metadata_json) as ModelMeta) : {};
}

function toInfo(r: ModelRow): ModelInfo {
  const meta = metaOf(r);
  return {
    id: r.id,
    kind: r.kind === 'lora' ? 'lora' : 'gguf',
    location: r.path,
    name: meta.name ?? path.basename(r.path),
    sizeBytes: r.size_bytes,
    sha256: r.sha256,
    architecture: r.architecture,
    parameterCount: r.parameter_count,
    quantization: r.quantization,
    contextLength: r.context_length,
    chatWrapper: meta.chatWrapper ?? null,
    // A registration stored before the reason was recorded holds a mode decided by an older rule: not shown.
    toolCalling: meta.toolCallSupport ? (meta.toolCalling ?? null) : null,
    toolCallSupport: meta.toolCallSupport ?? null,
    copied: r.copied === 1,
    addedAt: r.added_at,
    ...(meta.base ? { base: meta.base } : {}),
    ...(meta.thinking ? { thinking: meta.thinking } : {}),
  };
}

function serverInfo(r: ServerRow): ModelInfo {
  return {
    id: r.id,
    kind: 'openai',
    location: r.base_url,
    name: r.model,
    sizeBytes: null,
    sha256: null,
    architecture: null,
    parameterCount: null,
    quantization: null,
    contextLength: null,
    chatWrapper: null,
    toolCalling: 'native',
    copied: false,
    addedAt: r.added_at,
    idleTimeoutMs: r.idle_timeout_ms,
  };
}

/** The path with links resolved, or as it is where it does not exist. */
function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * A name as a person types it: without regard to case, spaces, hyphens and underscores, and without the
 * parenthesised gloss a shown name may carry ("Qwen2.5 7B (agency server)" is "qwen2.57b").
 */
function nameKey(name: string): string {
  return name
    .replace(/\s*\(.*$/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** Short names for models the app ships itself. */
const NAME_ALIASES: Record<string, string> = { demo: 'kopa-nano' };

export class ModelRegistry {
  private readonly db: SqliteDatabase;
  private readonly modelsDir: string;
  private readonly runtime: () => Promise<LlamaRuntime>;

  constructor(db: SqliteDatabase, dataDir: string, runtime: () => Promise<LlamaRuntime>) {
    this.db = db;
    this.modelsDir = path.join(dataDir, 'models');
    this.runtime = runtime;
  }

  /** What a GGUF file is and whether it fits here, without registering it. */
  async inspectFile(file: string): Promise<GgufReport> {
    // node-llama-cpp loads only when a model is first looked at.
    const { inspectGguf } = await import('../../../native/llama/index.ts');
    const runtime = await this.runtime().catch(() => undefined);
    return inspectGguf(path.resolve(file), runtime);
  }

  /**
   * `base`: for a LoRA adapter, the model it was trained on (registered id or file); it is checked to fit, and recorded.
   * `idleTimeoutMs`: for a server, how long it may send nothing before a turn is given up.
   */
  async add(
    source: string,
    options: { copy?: boolean; name?: string; base?: string; idleTimeoutMs?: number; onProgress?: (p: Progress) => void; signal?: AbortSignal } = {},
  ): Promise<ModelInfo> {
    if (source.startsWith(OPENAI_PREFIX)) return this.addServer(source.slice(OPENAI_PREFIX.length), options.name, options.idleTimeoutMs);
    const file = path.resolve(source);
    const report = await this.inspectFile(file);
    const base = options.base === undefined ? undefined : await this.adapterBase(file, report.kind, options.base, options.signal);
    const stat = statSync(file);
    const cached = this.db
      .prepare('SELECT sha256 FROM models WHERE path = ? AND size_bytes = ? AND mtime_ms = ?')
      .get(file, stat.size, Math.round(stat.mtimeMs)) as { sha256: string | null } | undefined;
    const sha256 = cached?.sha256 ?? (await sha256Of(file, options.onProgress, options.signal));
    const id = sha256.slice(0, 12);
    const existing = this.db.prepare('SELECT path FROM models WHERE id = ?').get(id) as { path: string } | undefined;
    if (existing && existing.path !== file) throw saidError('InvalidRequest', { message: 'error.modelRegistered', vars: { id, file: existing.path } });
    let stored = file;
    if (options.copy) {
      mkdirSync(this.modelsDir, { recursive: true });
      stored = path.join(this.modelsDir, `${id}-${path.basename(file)}`);
      const temp = `${stored}.partial`;
      options.onProgress?.({ stage: 'copy', message: `copying to ${stored}`, said: { key: 'job.msg.copy', vars: { path: stored } } });
      // Whatever is at the temporary path goes first (a link is removed, not followed), then the copy is made anew.
      rmSync(temp, { force: true });
      copyFileSync(file, temp, constants.COPYFILE_EXCL);
      if ((await sha256Of(temp, options.onProgress, options.signal)) !== sha256) {
        rmSync(temp, { force: true });
        throw saidError('InvalidModelFile', { message: 'error.copyMismatch', vars: { file } });
      }
      renameSync(temp, stored);
    }
    const { chatTemplate, kind, ...facts } = report;
    // A name given at import is how the file is shown and may be referred to; otherwise the GGUF's own.
    // Registering a file again keeps what was set for it.
    const kept = (this.db.prepare('SELECT * FROM models WHERE id = ?').get(id) as ModelRow | undefined)?.metadata_json;
    const thinking = kept ? (JSON.parse(kept) as ModelMeta).thinking : undefined;
    const meta: ModelMeta = {
      ...facts,
      ...(options.name?.trim() ? { name: options.name.trim() } : {}),
      ...(base ? { base } : {}),
      ...(thinking ? { thinking } : {}),
    };
    this.db
      .prepare(
        `INSERT INTO models (id, path, kind, size_bytes, mtime_ms, sha256, architecture, parameter_count, quantization, context_length, chat_template, metadata_json, copied, added_at)
        VALUES (@id, @path, @kind, @size, @mtime, @sha256, @architecture, @parameterCount, @quantization, @contextLength, @chatTemplate, @meta, @copied, @addedAt)
        ON CONFLICT (id) DO UPDATE SET size_bytes = excluded.size_bytes, mtime_ms = excluded.mtime_ms, metadata_json = excluded.metadata_json`,
      )
      .run({
        id,
        path: stored,
        kind,
        size: stat.size,
        mtime: Math.round(options.copy ? statSync(stored).mtimeMs : stat.mtimeMs),
        sha256,
        architecture: report.architecture,
        parameterCount: report.parameterCount,
        quantization: report.quantization,
        contextLength: report.contextLength,
        chatTemplate,
        meta: JSON.stringify(meta),
        copied: options.copy ? 1 : 0,
        addedAt: new Date().toISOString(),
      });
    return { ...this.get(id)!, fit: report.fit };
  }

  /** The base an adapter fits, with its hash; refuses a file that is no adapter, or one that does not fit. */
  private async adapterBase(file: string, kind: GgufReport['kind'], ref: string, signal?: AbortSignal): Promise<NonNullable<ModelInfo['base']>> {
    if (kind !== 'lora') throw saidError('Usage', { message: 'error.baseWithModel', hint: 'error.baseWithModel.hint', vars: { file } });
    const basePath = this.get(ref)?.location ?? path.resolve(ref);
    const { checkAdapter } = await import('../../../native/llama/index.ts');
    const check = await checkAdapter(file, basePath);
    if (!check.ok)
      throw saidError('InvalidModelFile', {
        message: 'error.adapterMismatch',
        hint: 'error.adapterMismatch.hint',
        vars: { adapter: file, base: basePath, problems: check.problems.join('; ') },
      });
    return { path: basePath, sha256: await sha256Of(basePath, undefined, signal) };
  }

  private addServer(baseUrl: string, model: string | undefined, idleTimeoutMs: number | undefined): ModelInfo {
    const checked = checkServerBase(baseUrl);
    if (!checked.ok)
      throw saidError('Usage', {
        message: 'error.serverBase',
        hint: 'error.serverBase.hint',
        vars: { url: baseUrl },
        parts: { reason: { key: `serverBase.${checked.reason}` } },
      });
    if (!model) throw saidError('Usage', { message: 'error.serverName', hint: 'error.serverName.hint', vars: { url: checked.base } });
    const id = `srv-${createHash('sha256').update(`${checked.base}#${model}`).digest('hex').slice(0, 8)}`;
    // Registering again may change the timeout; an unstated one keeps what was set.
    this.db
      .prepare(
        `INSERT INTO inference_servers (id, base_url, model, added_at, idle_timeout_ms) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (base_url, model) DO UPDATE SET idle_timeout_ms = coalesce(excluded.idle_timeout_ms, idle_timeout_ms)`,
      )
      .run(id, checked.base, model, new Date().toISOString(), idleTimeoutMs ?? null);
    const row = this.db.prepare('SELECT * FROM inference_servers WHERE base_url = ? AND model = ?').get(checked.base, model) as ServerRow;
    return serverInfo(row);
  }

  /**
   * The registered model a reference names: its id, the name it is shown by (the one given at import, the GGUF's own,
   * or a server's model name; in any case and spacing, without its parenthesised gloss) or the file it was registered
   * from. A name two models share names neither: the error lists their ids.
   */
  get(ref: string): ModelInfo | undefined {
    const model = this.db.prepare('SELECT * FROM models WHERE id = ?').get(ref) as ModelRow | undefined;
    if (model) return toInfo(model);
    const server = this.db.prepare('SELECT * FROM inference_servers WHERE id = ?').get(ref) as ServerRow | undefined;
    if (server) return serverInfo(server);
    const all = this.list();
    // The exact name first, then the name as a person types it; a name two models share names neither.
    const key = nameKey(NAME_ALIASES[nameKey(ref)] ?? ref);
    for (const matches of [all.filter((m) => m.name === ref), key === '' ? [] : all.filter((m) => nameKey(m.name) === key)]) {
      if (matches.length > 1)
        throw saidError('InvalidRequest', {
          message: 'error.modelNameShared',
          hint: 'error.modelNameShared.hint',
          vars: { name: ref, ids: matches.map((m) => m.id).join(', ') },
        });
      if (matches.length === 1) return matches[0];
    }
    if (!/[\\/]|\.gguf$/i.test(ref)) return undefined;
    const file = path.resolve(ref);
    return all.find((m) => m.kind !== 'openai' && m.location === file);
  }

  list(): ModelInfo[] {
    const models = (this.db.prepare('SELECT * FROM models ORDER BY added_at').all() as ModelRow[]).map(toInfo);
    const servers = (this.db.prepare('SELECT * FROM inference_servers ORDER BY added_at').all() as ServerRow[]).map(serverInfo);
    return [...models, ...servers];
  }

  /** The registered servers, the model servers' own list (never the gateway's allowlist). */
  servers(): RegisteredServer[] {
    return (this.db.prepare('SELECT * FROM inference_servers ORDER BY added_at').all() as ServerRow[]).map((r) => ({
      id: r.id,
      base: storedBase(r),
      model: r.model,
      idleTimeoutMs: r.idle_timeout_ms,
    }));
  }

  /** The registration of a server base (and model, where it has one of its own); undefined where the base is not registered. */
  server(base: string, model: string): RegisteredServer | undefined {
    const checked = checkServerBase(base);
    if (!checked.ok) return undefined;
    const same = this.servers().filter((s) => s.base === checked.base);
    return same.find((s) => s.model === model) ?? same[0];
  }

  private insideModelsDir(file: string): boolean {
    const relative = path.relative(realpathOr(this.modelsDir), realpathOr(file));
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  }

  /** Sets how a registered model file thinks (a thinking family): on, off or its template's default, and its budget per turn. */
  setThinking(ref: string, thinking: ThinkingSetting): ModelInfo {
    const info = this.get(ref);
    if (!info) throw saidError('NotFound', { message: 'error.noModel', hint: 'error.noModelId.hint', vars: { ref } });
    if (info.kind !== 'gguf') throw saidError('Usage', { message: 'error.thinkingNotGguf', vars: { ref } });
    const row = this.db.prepare('SELECT * FROM models WHERE id = ?').get(info.id) as ModelRow;
    this.db.prepare('UPDATE models SET metadata_json = ? WHERE id = ?').run(JSON.stringify({ ...metaOf(row), thinking }), info.id);
    return this.get(info.id)!;
  }

  remove(id: string): ModelInfo {
    const info = this.get(id);
    if (!info) throw saidError('NotFound', { message: 'error.noModel', hint: 'error.noModelId.hint', vars: { ref: id } });
    if (info.kind === 'openai') this.db.prepare('DELETE FROM inference_servers WHERE id = ?').run(id);
    else {
      this.db.prepare('DELETE FROM models WHERE id = ?').run(id);
      // Only a copy the app made is deleted, and only inside its models folder: a location edited in the database
      // to point elsewhere is left alone.
      if (info.copied && this.insideModelsDir(info.location) && existsSync(info.location)) rmSync(info.location);
    }
    return info;
  }
}
