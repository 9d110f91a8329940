// A suite's tasks as a run asks for them: the ones chosen by id (an unknown id is said, not skipped), and each
// task's tool calls going through the gateway at the task's own moment.
import type { BenchTask, Suite } from '../../core/bench/types.ts';
import type { GatewayMode } from '../../core/gateway/callResult.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { EngineServices } from '../EngineServices.ts';
import type { ToolCaller } from './faultInjector.ts';

export function selectTasks(suite: Suite, ids: string[] | undefined): Suite {
  if (!ids) return suite;
  const unknown = ids.filter((id) => !suite.tasks.some((t) => t.id === id));
  if (unknown.length) throw saidError('NotFound', { message: 'error.suiteNoTask', vars: { suite: suite.name, ids: unknown.join(', ') } });
  return { ...suite, tasks: suite.tasks.filter((t) => ids.includes(t.id)) };
}

export function callerFor(engine: EngineServices, mode: GatewayMode, snapshot: string | undefined): (task: BenchTask) => ToolCaller {
  const gateway = engine.gateway();
  return (task) => (tool, args, signal) => gateway.call(tool, args, { mode, snapshot, signal, emulatorNow: new Date(task.asOf), origin: 'bench' });
}
