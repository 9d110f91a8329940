import type { ModelInfo } from '../../api/contract.ts';
import type { CommandContext } from '../context.ts';
import { toolCallReasonText, type StringKey } from '../../core/i18n/strings.ts';
import { labeller, renderTable } from '../table.ts';
import { Option, type Command } from 'commander';
import { parseCount, parseSeconds } from '../optionParsers.ts';
import { modelThinkings, type ModelThinking } from '../../core/models/thinking.ts';
import { DEFAULT_SERVER_IDLE_MS } from '../../core/models/serverBase.ts';

/** Sizes in the unit that shows them: a 2 MB test model is "2.1 MiB", not "0.00 GiB". */
const size = (bytes: number | null): string => {
  if (bytes === null) return '';
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(2)} GiB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return `${(bytes / 2 ** 10).toFixed(1)} KiB`;
};
const billions = (n: number | null): string => (n === null ? '' : n >= 1e9 ? `${(n / 1e9).toFixed(1)}B` : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : String(n));

function renderModel(m: ModelInfo, ctx: Pick<CommandContext, 't' | 'locale'>): string {
  const t = ctx.t;
  const label = labeller<StringKey>(
    [
      'cli.models.location',
      'cli.models.architecture',
      'cli.models.size',
      'cli.models.context',
      'cli.models.template',
      'cli.models.fit',
      'cli.models.base',
      'cli.models.thinking',
      'cli.models.serverTimeout',
    ],
    (key) => t(key),
  );
  const lines = [`${m.id || t('cli.models.notRegistered')}  ${m.name}  [${m.kind}]`, `${label('cli.models.location')}${m.location}`];
  if (m.kind !== 'openai') {
    lines.push(
      `${label('cli.models.architecture')}${t('cli.models.architectureValue', { architecture: m.architecture ?? '', parameters: billions(m.parameterCount), quantization: m.quantization ?? '' })}`,
      `${label('cli.models.size')}${size(m.sizeBytes)}${m.sha256 ? `, sha256 ${m.sha256}` : ''}`,
      `${label('cli.models.context')}${t('cli.models.contextTrained', { n: m.contextLength ?? '' })}`,
      `${label('cli.models.template')}${t(m.toolCalling === 'native' ? 'cli.models.native' : 'cli.models.grammar', { template: m.chatWrapper ?? t('cli.none'), reason: m.toolCallSupport ? toolCallReasonText(ctx.locale, m.toolCallSupport) : '' })}`,
    );
    if (m.fit) {
      lines.push(
        `${label('cli.models.fit')}${t('cli.models.fitValue', { verdict: m.fit.verdict, score: m.fit.score, gpuLayers: m.fit.gpuLayers, contextSize: m.fit.contextSize, ram: size(m.fit.ramBytes), vram: size(m.fit.vramBytes) })}`,
      );
    }
  }
  if (m.base) lines.push(`${label('cli.models.base')}${m.base.path} (sha256 ${m.base.sha256})`);
  if (m.thinking)
    lines.push(
      `${label('cli.models.thinking')}${t(`cli.models.thinking.${m.thinking.mode}`)}${m.thinking.thoughtTokens ? ` · ${t('cli.models.thoughtTokens', { n: m.thinking.thoughtTokens })}` : ''}`,
    );
  if (m.kind === 'openai')
    lines.push(`${label('cli.models.serverTimeout')}${t('cli.models.seconds', { n: Math.round((m.idleTimeoutMs ?? DEFAULT_SERVER_IDLE_MS) / 1000) })}`);
  return lines.join('\n');
}

/** `kopa models add`: a GGUF, a LoRA adapter (checked against its base) or an inference server registered. */
function registerModelsAdd(models: Command, context: () => CommandContext): void {
  models
    .command('add')
    .argument('<source>', 'a .gguf file, or openai:http://host:port/v1')
    .option('--copy', 'copy the file into the data folder')
    .option('--name <name>', 'a model file: the name it is shown by (default: the name in the GGUF); a server: the model name it knows')
    .option('--base <model>', 'a LoRA adapter: the base model it was trained on (registered id or .gguf); checked to fit, recorded with its hash')
    .option('--server-timeout <seconds>', 'a server: how long it may send nothing before a turn is given up (default 60)', parseSeconds)
    .action(async (source: string, options: { copy?: boolean; name?: string; base?: string; serverTimeout?: number }) => {
      const ctx = context();
      const params = { source, copy: options.copy, name: options.name, base: options.base, idleTimeoutMs: options.serverTimeout };
      const info = await ctx.withProgress((onProgress, signal) => ctx.withEngine((engine) => engine.jobs.run('models.add', params, { onProgress, signal })));
      ctx.out.result(info, (m) => renderModel(m, ctx));
    });
}

/** `kopa models list`: the registered models. */
function registerModelsList(models: Command, context: () => CommandContext): void {
  models.command('list').action(async () => {
    const ctx = context();
    const list = await ctx.withEngine((engine) => engine.call('models.list', {}));
    ctx.out.result(list, (l) =>
      renderTable(
        l.map((m) => ({
          id: m.id,
          kind: m.kind,
          name: m.name,
          params: billions(m.parameterCount),
          quant: m.quantization ?? '',
          size: size(m.sizeBytes),
          tools: m.toolCalling ?? '',
          location: m.location,
        })),
      ),
    );
  });
}

/** `kopa models inspect`: what a model file or registration says of itself. */
function registerModelsInspect(models: Command, context: () => CommandContext): void {
  models
    .command('inspect')
    .argument('<ref>', 'a .gguf path or a registered id')
    .action(async (ref: string) => {
      const ctx = context();
      const info = await ctx.withEngine((engine) => engine.call('models.inspect', { ref }));
      ctx.out.result(info, (m) => renderModel(m, ctx));
    });
}

/** `kopa models scan`: the GGUF files of a folder or drive, and whether each is registered. */
function registerModelsScan(models: Command, context: () => CommandContext): void {
  models
    .command('scan')
    .argument('<folder>', 'a folder (or removable drive) holding .gguf files')
    .action(async (folder: string) => {
      const ctx = context();
      const scan = await ctx.withEngine((engine) => engine.call('models.scan', { folder }));
      ctx.out.result(scan, (s) => {
        const cached = s.files.some((f) => f.repository);
        const rows = s.files.map((f) => ({
          file: f.path,
          ...(cached ? { repository: f.repository ?? '' } : {}),
          size: size(f.sizeBytes),
          registered: f.registered ?? '',
        }));
        const head = [
          ctx.t(s.truncated ? 'cli.models.scanTruncated' : 'cli.models.scanned', { n: s.files.length, folder: s.folder }),
          ...(s.skipped > 0 ? [ctx.t('cli.models.scanSkipped', { n: s.skipped })] : []),
        ].join('\n');
        return rows.length ? `${head}\n${renderTable(rows, { maxWidth: 240 })}\n${ctx.t('cli.models.scanNext')}` : head;
      });
    });
}

/** `kopa models demo`: KOPA-Nano registered. */
function registerModelsDemo(models: Command, context: () => CommandContext): void {
  models.command('demo').action(async () => {
    const ctx = context();
    const info = await ctx.withEngine((engine) => engine.call('models.demo', {}));
    ctx.out.result(info, (m) => [renderModel(m, ctx), ctx.t('cli.models.demo', { id: m.id })].join('\n\n'));
  });
}

/** `kopa models thinking`: how a thinking model thinks: on, off, or as its template does. */
function registerModelsThinking(models: Command, context: () => CommandContext): void {
  models
    .command('thinking')
    .argument('<ref>', 'a registered model file (id or name)')
    .addOption(
      new Option('--mode <mode>', "default: as the model's template does where nobody says (Qwen3 thinks; EXAONE 4.0 and Qwen3.5 do not); on; off")
        .choices([...modelThinkings])
        .makeOptionMandatory(),
    )
    .option('--thought-tokens <n>', 'tokens it may think per turn (default 1024, at most a quarter of the context)', parseCount)
    .action(async (ref: string, options: { mode: ModelThinking; thoughtTokens?: number }) => {
      const ctx = context();
      const info = await ctx.withEngine((engine) =>
        engine.call('models.thinking', { ref, mode: options.mode, ...(options.thoughtTokens ? { thoughtTokens: options.thoughtTokens } : {}) }),
      );
      ctx.out.result(info, (m) => renderModel(m, ctx));
    });
}

/** `kopa models remove`: a registration forgotten (a copied file deleted, the original never). */
function registerModelsRemove(models: Command, context: () => CommandContext): void {
  models
    .command('remove')
    .argument('<id>', 'registered id')
    .action(async (id: string) => {
      const ctx = context();
      const info = await ctx.withEngine((engine) => engine.call('models.remove', { id }));
      ctx.out.result(info, (m) => ctx.t('cli.models.removed', { id: m.id, name: m.name }));
    });
}

export function registerModels(program: Command, context: () => CommandContext): void {
  const models = program.command('models');
  registerModelsAdd(models, context);
  registerModelsList(models, context);
  registerModelsInspect(models, context);
  registerModelsScan(models, context);
  registerModelsDemo(models, context);
  registerModelsThinking(models, context);
  registerModelsRemove(models, context);
}
