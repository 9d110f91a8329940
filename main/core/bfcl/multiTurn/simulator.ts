// What every multi-turn simulator class is to the executor: public methods with Python signatures (bound the way
// CPython binds arguments, with its error wording), a scenario loader, and the public attributes the state check
// compares, in `vars()` order.
import { deepCopy, PyOpaque, typeError, type Py, type PyDict } from './py.ts';

export interface Param {
  name: string;
  /** Present when the parameter has a default. */
  default?: Py;
}

export interface Method {
  params: Param[];
  run: (...args: Py[]) => Py;
}

/** The backend constants (long-context extensions, default states) read from upstream's simulator modules. */
export interface BackendConstants {
  longContext: PyDict;
  defaultState: PyDict;
  /** The date TravelAPI computes ages from (upstream reads the clock): the caller's clock. */
  today: () => Date;
}

export abstract class Simulator {
  abstract readonly className: string;
  /** MathAPI holds no state and is never loaded. */
  readonly stateless: boolean = false;
  abstract readonly methods: Record<string, Method>;
  loadScenario(_config: PyDict, _longContext: boolean): void {}
  /** Public attributes in `vars()` order. */
  abstract publicState(): [string, Py][];
}

/** A simulator whose public attributes live in one ordered map, listed in `vars()` order. */
export abstract class AttributeSimulator<A extends string> extends Simulator {
  private readonly attributes = new Map<A, Py>();

  constructor(
    protected readonly constants: BackendConstants,
    private readonly publicNames: readonly A[],
  ) {
    super();
  }

  protected get(a: A): Py {
    return this.attributes.get(a)!;
  }
  protected set(a: A, v: Py): void {
    this.attributes.set(a, v);
  }
  publicState(): [string, Py][] {
    return this.publicNames.map((a) => [a, this.get(a)]);
  }
  /** A constant of upstream's long_context.py. */
  protected extension(name: string): Py {
    return this.constants.longContext.item(name);
  }
  /** A deep copy of a simulator module's DEFAULT_STATE. */
  protected defaults(module: string): PyDict {
    return deepCopy(this.constants.defaultState.item(module) as PyDict);
  }
}

/** The default of a parameter whose Python default is a new empty list; the method makes one per call. */
export const NEW_LIST = new PyOpaque('list', '[]');

/** A parameter list: 'name' is required, ['name', default] optional. */
export function method(params: (string | [string, Py])[], run: (...args: Py[]) => Py): Method {
  return { params: params.map((p) => (typeof p === 'string' ? { name: p } : { name: p[0], default: p[1] })), run };
}

function nameList(names: string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  if (quoted.length <= 1) return quoted.join('');
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`;
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

/** Binds call arguments to a method's parameters as CPython does, raising its TypeErrors word for word. */
export function bind(qualname: string, m: Method, args: Py[], kwargs: [string, Py][]): Py[] {
  const required = m.params.filter((p) => !('default' in p)).length;
  if (args.length > m.params.length) {
    const takes =
      required === m.params.length
        ? `${m.params.length + 1} positional argument${m.params.length === 0 ? '' : 's'}`
        : `from ${required + 1} to ${m.params.length + 1} positional arguments`;
    throw typeError(`${qualname}() takes ${takes} but ${args.length + 1} were given`);
  }
  const bound: (Py | undefined)[] = m.params.map((_, i) => args[i]);
  for (const [name, value] of kwargs) {
    const i = m.params.findIndex((p) => p.name === name);
    if (i < 0) throw typeError(`${qualname}() got an unexpected keyword argument '${name}'`);
    if (bound[i] !== undefined) throw typeError(`${qualname}() got multiple values for argument '${name}'`);
    bound[i] = value;
  }
  const missing = m.params.filter((p, i) => bound[i] === undefined && !('default' in p)).map((p) => p.name);
  if (missing.length)
    throw typeError(`${qualname}() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${nameList(missing)}`);
  return m.params.map((p, i) => (bound[i] !== undefined ? bound[i]! : p.default!));
}

/** `scenario.get(key, default)`. */
export function configGet(config: PyDict, key: string, fallback: Py): Py {
  return config.has(key) ? config.get(key)! : fallback;
}
