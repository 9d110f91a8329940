// The engine's API is a contract with every client (the window, the CLI, MCP, a trainer's rollouts): its method names
// change only on purpose, and each has a parameter schema and a handler.
import { describe, expect, it } from 'vitest';
import { isMethodName, methodNames, parseCall } from '../../../main/api/schemas.ts';
import { jobMethods } from '../../../main/api/contract.ts';
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
];

describe('the engine API', () => {
  it('has exactly these methods', () => {
    expect([...methodNames].sort()).toEqual(API);
    expect(jobMethods.every((m) => isMethodName(m))).toBe(true);
  });

  it('gives every method a handler, and refuses a parameter it does not know', () => {
    const handlers = (testEngine() as unknown as { handlers: Record<string, unknown> }).handlers;
    expect(Object.keys(handlers).sort()).toEqual(API);
    for (const method of API) expect(() => parseCall(method, { notAParameter: 1 }), method).toThrow(/notAParameter|Unrecognized key/);
  });

  it('names the method it does not have', () => {
    expect(() => parseCall('models.download', {})).toThrow('The engine has no method "models.download".');
  });
});
