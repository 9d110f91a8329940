// A multi-turn entry as the simulators need it, and the instances it starts from: one per involved class, each
// loaded from a deep copy of the entry's initial_config for that class (a config for an uninvolved class is
// ignored), long-context variants chosen by the entry's id as upstream does.
import { deepCopy, ELLIPSIS, PyDict, PySet, type Py } from './py.ts';
import { parseJsonPy } from './pyParse.ts';
import type { BackendConstants, Simulator } from './simulator.ts';
import { FileSystem } from './simulators/fileSystem.ts';
import { MathApi } from './simulators/mathApi.ts';
import { MessageApi } from './simulators/messageApi.ts';
import { PostingApi } from './simulators/postingApi.ts';
import { TicketApi } from './simulators/ticketApi.ts';
import { TradingBot } from './simulators/tradingBot.ts';
import { TravelBooking } from './simulators/travelBooking.ts';
import { VehicleControl } from './simulators/vehicleControl.ts';

export interface MultiTurnEntry {
  id: string;
  involvedClasses: string[];
  initialConfig: PyDict;
}

export const MULTI_TURN_CLASSES: Record<string, (constants: BackendConstants) => Simulator> = {
  GorillaFileSystem: (c) => new FileSystem(c),
  MathAPI: () => new MathApi(),
  MessageAPI: (c) => new MessageApi(c),
  TicketAPI: (c) => new TicketApi(c),
  TradingBot: (c) => new TradingBot(c),
  TravelAPI: (c) => new TravelBooking(c, c.today),
  TwitterAPI: (c) => new PostingApi(c),
  VehicleControlAPI: (c) => new VehicleControl(c),
};

/** Upstream's test: "long_context" or "composite" in the id without its number. */
export function isLongContext(id: string): boolean {
  const category = id.slice(0, Math.max(0, id.lastIndexOf('_')));
  return category.includes('long_context') || category.includes('composite');
}

export class UnsupportedClassError extends Error {
  constructor(readonly className: string) {
    super(`The multi-turn class ${className} has no simulator.`);
  }
}

export function createInstances(entry: MultiTurnEntry, constants: BackendConstants): Simulator[] {
  const longContext = isLongContext(entry.id);
  return entry.involvedClasses.map((name) => {
    const create = MULTI_TURN_CLASSES[name];
    if (!create) throw new UnsupportedClassError(name);
    const instance = create(constants);
    if (!instance.stateless) {
      const config = entry.initialConfig.get(name);
      instance.loadScenario(config instanceof PyDict ? deepCopy(config) : new PyDict(), longContext);
    }
    return instance;
  });
}

/** Reads an entry from a parsed question line. */
export function multiTurnEntry(row: PyDict): MultiTurnEntry {
  const config = row.get('initial_config');
  return {
    id: String(row.item('id')),
    involvedClasses: (row.item('involved_classes') as Py[]).map(String),
    initialConfig: config instanceof PyDict ? config : new PyDict(),
  };
}

/** The JSON spellings of what JSON has no form for: {"__set__": [...]} and {"__python_ellipsis__": true}. */
function decodeMarkers(v: Py): Py {
  if (Array.isArray(v)) return v.map(decodeMarkers);
  if (!(v instanceof PyDict)) return v;
  if (v.size === 1 && v.has('__set__')) return new PySet((v.item('__set__') as Py[]).map(decodeMarkers));
  if (v.size === 1 && v.get('__python_ellipsis__') === true) return ELLIPSIS;
  return new PyDict(v.items().map(([k, x]) => [k, decodeMarkers(x)]));
}

/**
 * The simulators' constants (upstream module literals: long-context extensions and default states), from the
 * JSON that lists them per module (`multi_turn_backend_constants.json`), and the clock TravelAPI reads the date from.
 */
export function backendConstants(jsonText: string, today: () => Date): BackendConstants {
  const all = decodeMarkers(parseJsonPy(jsonText)) as PyDict;
  return { longContext: all.item('long_context.py') as PyDict, defaultState: all.item('default_state') as PyDict, today };
}
