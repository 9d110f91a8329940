// The engine's API is a contract with every client (the window, the CLI, MCP, a trainer's rollouts): its method names
// change only on purpose, and each has a parameter schema and a handler.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMethodName, methodNames, paramSchemas, parseCall } from '../../../main/api/schemas.ts';
import { jobMethods } from '../../../main/api/jobs.ts';
import { methodTable } from '../../../main/engine/methodTable.ts';
import { testEngine } from '../../helpers/engine.ts';

const API = [
  'agent.approve',
  'agent.run',
  'audit.list',
  'audit.verify',
  'bench.attempts',
  'bench.checkAnswer',
  'bench.compare',
  'bench.report',
  'bench.run',
  'bench.runs',
  'bench.show',
  'bench.tasks',
  'bench.validate',
  'bfcl.check',
  'bfcl.conformance',
  'bfcl.run',
  'bfcl.runs',
  'bfcl.show',
  'bundle.export',
  'bundle.import',
  'catalog.get',
  'catalog.import',
  'catalog.kinds',
  'catalog.list',
  'catalog.validate',
  'chats.export',
  'chats.get',
  'chats.list',
  'chats.remove',
  'chats.rename',
  'chats.truncate',
  'edges.list',
  'edges.propose',
  'edges.show',
  'edges.verify',
  'engine.diskUse',
  'engine.doctor',
  'engine.status',
  'gateway.call',
  'gateway.parse',
  'gateway.quota',
  'jobs.cancel',
  'jobs.get',
  'jobs.list',
  'jobs.resume',
  'jobs.start',
  'jobs.watch',
  'keys.remove',
  'keys.set',
  'keys.status',
  'models.add',
  'models.demo',
  'models.inspect',
  'models.list',
  'models.load',
  'models.loaded',
  'models.remove',
  'models.scan',
  'models.test',
  'models.thinking',
  'models.unload',
  'reward.audit',
  'rollout.run',
  'snapshots.list',
  'synth.export',
  'synth.list',
  'synth.run',
  'synth.sample',
  'synth.samples',
  'train.export',
  'train.history',
  'train.nano',
  'train.nanoGrpo',
];

/** Each method's parameters, optional ones marked with "?": a client written against them keeps working. */
const PARAMETERS: Record<string, string> = {
  'agent.approve': 'answer id reason?',
  'agent.run':
    'approval? asOf? chatId? chatWrapper? contextSize? firstToolChoice? lora? loraScale? maxSteps? maxTokens? mode? model queryTool? question resultTokens? seed? serverIdleTimeoutMs? snapshot? speculation? systemPrompt? temperature? toolCalling? tools?',
  'audit.list': 'beforeSeq? from? limit? origin? outcome? to? tool?',
  'audit.verify': '',
  'bench.attempts': 'run task',
  'bench.checkAnswer': 'answer? claim? suite? task transcript?',
  'bench.compare': 'a b',
  'bench.report': 'format? lang? out? run',
  'bench.run':
    'chatWrapper? concurrency? contextSize? lora? loraScale? maxSteps? maxTokens? mode? model queryTool? resultTokens? reuseCache? runId? samples? seed? serverIdleTimeoutMs? snapshot? speculation? suite tasks? temperature? tools?',
  'bench.runs': '',
  'bench.show': 'run',
  'bench.tasks': 'suite',
  'bench.validate': 'concurrency? mode? resultTokens? snapshot? suite tasks?',
  'bfcl.check': 'categories? constants? data results underscoreToDot?',
  'bfcl.conformance': 'constants? data vectors',
  'bfcl.run': 'categories? concurrency? constants? data limit? maxTokens? model out temperature?',
  'bfcl.runs': '',
  'bfcl.show': 'run',
  'bundle.export': 'file snapshot',
  'bundle.import': 'as? file',
  'catalog.get': 'id',
  'catalog.import': 'agency? file',
  'catalog.kinds': '',
  'catalog.list': 'agency?',
  'catalog.validate': 'files?',
  'chats.export': 'format id',
  'chats.get': 'id',
  'chats.list': 'search?',
  'chats.remove': 'id',
  'chats.rename': 'id title',
  'chats.truncate': 'fromSeq id',
  'edges.list': 'kind? status? tool?',
  'edges.propose': '',
  'edges.show': 'id',
  'edges.verify': 'asOf? edges? minOk? mode? snapshot? staleAfterMs? trials?',
  'engine.diskUse': '',
  'engine.doctor': '',
  'engine.status': '',
  'gateway.call': 'args mode? raw? snapshot? tool',
  'gateway.parse': 'body? bodyBase64? contentType? status? tool',
  'gateway.quota': 'tool?',
  'jobs.cancel': 'id',
  'jobs.get': 'id',
  'jobs.list': '',
  'jobs.resume': 'allowNetwork? id overwrite?',
  'jobs.start': 'method params',
  'jobs.watch': 'id stopJob?',
  'keys.remove': 'keyId',
  'keys.set': 'key keyId',
  'keys.status': '',
  'models.add': 'base? copy? idleTimeoutMs? name? source',
  'models.demo': '',
  'models.inspect': 'ref',
  'models.list': '',
  'models.load': 'contextSize? gpuLayers? lora? ref',
  'models.loaded': '',
  'models.remove': 'id',
  'models.scan': 'folder',
  'models.test': 'ref',
  'models.thinking': 'mode ref thoughtTokens?',
  'models.unload': 'path',
  'reward.audit': 'dataset? samples? suite? tasks?',
  'rollout.run':
    'chatWrapper? contextSize? dataset export? groupSize lora? maxSteps? maxTokens? mode? model preset? prompts? resultTokens? runId? scale? seed? snapshot? systemPrompt? temperature?',
  'snapshots.list': '',
  'synth.export': 'dataset distractors? format out toolStyle?',
  'synth.list': '',
  'synth.run':
    'asOf? count distractors? format? maxSteps? minSteps? mode? name? out? paraphraseModel? phrasings? places? seed? snapshot? strategy? toolStyle? trajectories?',
  'synth.sample': 'dataset ordinal',
  'synth.samples': 'dataset',
  'train.export': 'dataset distractors? out preset? snapshot? trainer',
  'train.nano': 'batchTokens? dataset dim? ffn? heads? keep? layers? lr? name? resultRows? resultTokens? seed? steps? trajectories? vocab?',
  'train.history': 'ref',
  'train.nanoGrpo': 'beta? evalEvery? evalPrompts? from groupSize? iterations? lr? maxSteps? name? preset? prompts? seed? temperature?',
};

function parametersOf(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as { properties?: Record<string, unknown>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.keys(json.properties ?? {})
    .sort()
    .map((name) => (required.has(name) ? name : `${name}?`))
    .join(' ');
}

describe('the engine API', () => {
  it('has exactly these methods', () => {
    expect([...methodNames].sort()).toEqual(API);
    expect(jobMethods.every((m) => isMethodName(m))).toBe(true);
  });

  it('gives every method a handler, and refuses a parameter it does not know', () => {
    const handlers = methodTable(testEngine());
    expect(Object.keys(handlers).sort()).toEqual(API);
    for (const method of API) expect(typeof handlers[method as keyof typeof handlers], method).toBe('function');
    for (const method of API) expect(() => parseCall(method, { notAParameter: 1 }), method).toThrow(/notAParameter|Unrecognized key/);
  });

  it("keeps every method's parameters, and which of them are optional", () => {
    expect(Object.fromEntries(Object.entries(paramSchemas).map(([method, schema]) => [method, parametersOf(schema as z.ZodType)]))).toEqual(PARAMETERS);
  });

  it('names the method it does not have', () => {
    expect(() => parseCall('models.download', {})).toThrow('The engine has no method "models.download".');
  });
});
