// Runtime validation of what arrives from outside the engine process (HTTP, WebSocket, IPC): every method's
// parameters have a schema here, and a method without one does not compile.
import { z } from 'zod';
import { KopaError } from '../core/errors.ts';
import { gatewayModes } from '../core/gateway/callResult.ts';
import { keyIds } from '../core/catalog/types.ts';
import { edgeStatuses } from '../core/edge/types.ts';
import { linkKinds } from '../core/edge/linkKind.ts';
import { exportFormats, toolStyles } from '../core/synth/formats.ts';
import { synthStrategies } from '../core/synth/types.ts';
import { rewardPresets } from '../core/reward/types.ts';
import { BFCL_CATEGORIES } from '../core/bfcl/categories.ts';
import { reportLangs } from '../core/bench/report/reportText.ts';
import { jobMethods, type MethodName, type ParamsOf } from './contract.ts';
import { saidError } from '../core/i18n/saidError.ts';

const empty = z.object({}).strict();
const text = z.string().min(1).max(4096);

/** A conversation message as a transcript records it (a run's attempt, a chat export). */
const chatMessage = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }).strict(),
  z.object({ role: z.literal('user'), content: z.string() }).strict(),
  z
    .object({
      role: z.literal('assistant'),
      content: z.string(),
      toolCalls: z
        .array(z.object({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()), rawArguments: z.string().optional() }).strict())
        .optional(),
      thinking: z.string().optional(),
    })
    .strict(),
  z.object({ role: z.literal('tool'), toolCallId: z.string(), name: z.string(), content: z.string() }).strict(),
]);
const mode = z.enum(gatewayModes);
const keyId = z.enum(keyIds);
const bfclCategories = BFCL_CATEGORIES;
const speculation = z.union([
  z.enum(['off', 'input-lookup']),
  z.custom<`draft:${string}`>((v) => typeof v === 'string' && /^draft:.+/.test(v), 'draft:REF names a draft model'),
]);

export const paramSchemas: { [M in MethodName]: z.ZodType<ParamsOf<M>> } = {
  'engine.status': empty,
  'engine.doctor': empty,
  'engine.diskUse': empty,
  'catalog.list': z.object({ agency: text.optional() }).strict(),
  'catalog.get': z.object({ id: text }).strict(),
  'catalog.validate': z.object({ files: z.array(text).max(1000).optional() }).strict(),
  'catalog.import': z
    .object({
      file: text,
      agency: z
        .string()
        .regex(/^[a-z][a-z0-9]*$/)
        .optional(),
    })
    .strict(),
  'catalog.kinds': empty,
  'gateway.call': z
    .object({ tool: text, args: z.record(z.string(), z.unknown()), mode: mode.optional(), snapshot: text.optional(), raw: z.boolean().optional() })
    .strict(),
  'gateway.quota': z.object({ tool: text.optional() }).strict(),
  'gateway.parse': z
    .object({
      tool: text,
      body: z
        .string()
        .max(64 * 1024 * 1024)
        .optional(),
      bodyBase64: z
        .string()
        .max(96 * 1024 * 1024)
        .optional(),
      status: z.number().int().min(100).max(599).optional(),
      contentType: z.string().max(200).optional(),
    })
    .strict()
    .refine((p) => (p.body === undefined) !== (p.bodyBase64 === undefined), { message: 'give body (text) or bodyBase64 (the bytes), one of them' }),
  'audit.verify': empty,
  'audit.list': z
    .object({
      tool: z.string().max(200).optional(),
      outcome: z.enum(['ok', 'error']).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      beforeSeq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    })
    .strict(),
  'snapshots.list': empty,
  'bundle.export': z.object({ snapshot: text, file: text }).strict(),
  'bundle.import': z.object({ file: text, as: text.optional() }).strict(),
  'edges.propose': empty,
  'edges.verify': z
    .object({
      staleAfterMs: z.number().int().min(0).optional(),
      trials: z.number().int().min(1).max(20).optional(),
      minOk: z.number().int().min(1).max(20).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      asOf: z.iso.datetime({ offset: true }).optional(),
      edges: z.array(text).min(1).max(10_000).optional(),
    })
    .strict()
    .refine((p) => (p.minOk ?? 2) <= (p.trials ?? 3), { message: 'minOk cannot exceed trials' }),
  'edges.list': z.object({ status: z.enum(edgeStatuses).optional(), tool: text.optional(), kind: z.enum(linkKinds).optional() }).strict(),
  'edges.show': z.object({ id: text }).strict(),
  'synth.run': z
    .object({
      count: z.number().int().min(1).max(1_000_000),
      strategy: z.enum(synthStrategies).optional(),
      trajectories: z.number().int().min(1).max(8).optional(),
      minSteps: z.number().int().min(1).max(8).optional(),
      maxSteps: z.number().int().min(1).max(8).optional(),
      seed: z.string().min(1).max(100).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      asOf: z.iso.datetime({ offset: true }).optional(),
      phrasings: z.number().int().min(1).max(6).optional(),
      paraphraseModel: text.optional(),
      name: text.optional(),
      out: text.optional(),
      format: z.enum(exportFormats).optional(),
      distractors: z.number().int().min(0).max(40).optional(),
      toolStyle: z.enum(toolStyles).optional(),
    })
    .strict()
    .refine((p) => (p.minSteps ?? 2) <= (p.maxSteps ?? 5), { message: 'minSteps cannot exceed maxSteps' })
    .refine((p) => (p.out === undefined) === (p.format === undefined), { message: 'out and format go together' }),
  'synth.export': z
    .object({
      dataset: text,
      out: text,
      format: z.enum(exportFormats),
      distractors: z.number().int().min(0).max(40).optional(),
      toolStyle: z.enum(toolStyles).optional(),
    })
    .strict(),
  'synth.list': empty,
  'synth.samples': z.object({ dataset: text }).strict(),
  'synth.sample': z.object({ dataset: text, ordinal: z.number().int().min(1) }).strict(),
  'models.test': z.object({ ref: text }).strict(),
  'models.add': z.object({ source: text, name: text.optional(), copy: z.boolean().optional(), base: text.optional() }).strict(),
  'models.list': empty,
  'models.inspect': z.object({ ref: text }).strict(),
  'models.remove': z.object({ id: text }).strict(),
  'models.demo': empty,
  'models.scan': z.object({ folder: text }).strict(),
  'agent.run': z
    .object({
      question: z.string().min(1).max(20_000),
      chatId: text.optional(),
      model: text,
      lora: z.array(text).max(8).optional(),
      chatWrapper: z.enum(['auto', 'jinja']).optional(),
      loraScale: z.number().min(0).max(4).optional(),
      tools: z.array(text).min(1).max(500).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      asOf: z.iso.datetime({ offset: true }).optional(),
      maxSteps: z.number().int().min(1).max(50).optional(),
      systemPrompt: z.string().max(20_000).optional(),
      firstToolChoice: z.enum(['auto', 'required']).optional(),
      toolCalling: z.enum(['auto', 'native', 'grammar']).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      temperature: z.number().min(0).max(2).optional(),
      seed: z.number().int().optional(),
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      queryTool: z.boolean().optional(),
      approval: z.enum(['auto', 'ask']).optional(),
      speculation: speculation.optional(),
    })
    .strict(),
  'agent.approve': z.object({ id: text, answer: z.enum(['once', 'always', 'deny']), reason: z.string().max(2000).optional() }).strict(),
  'chats.list': z.object({ search: z.string().max(200).optional() }).strict(),
  'chats.get': z.object({ id: text }).strict(),
  'chats.rename': z.object({ id: text, title: z.string().min(1).max(200) }).strict(),
  'chats.remove': z.object({ id: text }).strict(),
  'chats.truncate': z.object({ id: text, fromSeq: z.number().int().min(1) }).strict(),
  'chats.export': z.object({ id: text, format: z.enum(['md', 'json']) }).strict(),
  'models.load': z
    .object({
      ref: text,
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      gpuLayers: z.union([z.number().int().min(0).max(10_000), z.enum(['auto', 'max'])]).optional(),
      lora: z.array(text).max(8).optional(),
    })
    .strict(),
  'models.unload': z.object({ path: text }).strict(),
  'models.loaded': empty,
  'jobs.start': z.object({ method: z.enum(jobMethods), params: z.record(z.string(), z.unknown()) }).strict(),
  'jobs.list': empty,
  'jobs.get': z.object({ id: text }).strict(),
  'jobs.cancel': z.object({ id: text }).strict(),
  'jobs.watch': z.object({ id: text }).strict(),
  'jobs.resume': z.object({ id: text, allowNetwork: z.boolean().optional(), overwrite: z.boolean().optional() }).strict(),
  'bfcl.run': z
    .object({
      data: text,
      model: text,
      out: text,
      categories: z.array(z.enum(bfclCategories)).min(1).optional(),
      limit: z.number().int().min(1).optional(),
      concurrency: z.number().int().min(1).max(64).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      temperature: z.number().min(0).max(2).optional(),
      constants: text.optional(),
    })
    .strict(),
  'bfcl.check': z
    .object({
      data: text,
      results: text,
      categories: z.array(z.enum(bfclCategories)).min(1).optional(),
      underscoreToDot: z.boolean().optional(),
      constants: text.optional(),
    })
    .strict(),
  'bfcl.conformance': z.object({ data: text, vectors: text, constants: text.optional() }).strict(),
  'bfcl.runs': empty,
  'bfcl.show': z.object({ run: text }).strict(),
  'bench.validate': z
    .object({
      suite: text,
      mode: mode.optional(),
      snapshot: text.optional(),
      tasks: z.array(text).min(1).optional(),
      concurrency: z.number().int().min(1).max(64).optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
    })
    .strict(),
  'bench.run': z
    .object({
      suite: text,
      model: text,
      samples: z.number().int().min(1).max(100).optional(),
      temperature: z.number().min(0).max(2).optional(),
      concurrency: z.number().int().min(1).max(64).optional(),
      seed: z.number().int().optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      runId: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/)
        .optional(),
      tasks: z.array(text).min(1).optional(),
      maxSteps: z.number().int().min(2).max(40).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      lora: z.array(text).optional(),
      chatWrapper: z.enum(['auto', 'jinja']).optional(),
      loraScale: z.number().min(0).max(4).optional(),
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      queryTool: z.boolean().optional(),
      reuseCache: z.boolean().optional(),
      speculation: speculation.optional(),
    })
    .strict(),
  'rollout.run': z
    .object({
      model: text,
      lora: z.array(text).optional(),
      chatWrapper: z.enum(['auto', 'jinja']).optional(),
      dataset: text,
      groupSize: z.number().int().min(2).max(64),
      prompts: z.number().int().min(1).optional(),
      seed: z.number().int().optional(),
      temperature: z.number().min(0).max(2).optional(),
      maxSteps: z.number().int().min(1).max(40).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      preset: z.enum(rewardPresets).optional(),
      scale: z.enum(['group', 'none']).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      systemPrompt: text.optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      runId: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/)
        .optional(),
      export: text.optional(),
    })
    .strict(),
  'train.export': z
    .object({
      dataset: text,
      trainer: z.enum(['trl', 'verl']),
      out: text,
      snapshot: text.optional(),
      preset: z.enum(rewardPresets).optional(),
      distractors: z.number().int().min(0).max(40).optional(),
    })
    .strict(),
  'bench.runs': empty,
  'bench.report': z
    .object({ run: text, format: z.enum(['md', 'html', 'csv', 'json']).optional(), out: text.optional(), lang: z.enum(reportLangs).optional() })
    .strict(),
  'bench.compare': z.object({ a: text, b: text }).strict(),
  'bench.show': z.object({ run: text }).strict(),
  'bench.attempts': z.object({ run: text, task: text }).strict(),
  'bench.checkAnswer': z
    .object({ suite: text.optional(), task: text, answer: z.string().max(100_000), transcript: z.array(chatMessage).max(400).optional() })
    .strict(),
  'reward.audit': z
    .object({ dataset: text.optional(), samples: z.number().int().min(1).optional(), suite: text.optional(), tasks: z.array(text).min(1).optional() })
    .strict(),
  'keys.status': empty,
  'keys.set': z.object({ keyId, key: z.string().max(4096) }).strict(),
  'keys.remove': z.object({ keyId }).strict(),
};

/** Every method of the engine's API: the schemas above are a complete record of them, so the two cannot disagree. */
export const methodNames = Object.keys(paramSchemas) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(paramSchemas, name);
}

/** Checks a method name and its parameters, listing every problem at once. */
export function parseCall(method: string, params: unknown): { method: MethodName; params: ParamsOf<MethodName> } {
  if (!isMethodName(method)) {
    throw new KopaError('NotFound', `The engine has no method "${method}".`, { details: { method, methods: methodNames } });
  }
  const result = paramSchemas[method].safeParse(params ?? {});
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`);
    throw saidError('InvalidRequest', { message: 'error.invalidParams', vars: { method, problems: problems.join('; ') } }, { details: { method, problems } });
  }
  return { method, params: result.data };
}
