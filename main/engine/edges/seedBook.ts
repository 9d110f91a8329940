// Inputs that make each tool answer with data, found by calling it: the catalog's examples (with their dates
// moved to "now"), then, for tools whose examples name things the backend does not hold (a TourAPI content id,
// a HIRA ykiho), values harvested from the rows other tools returned. EDGE's verifier and synthesizer start
// from these.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { ToolSpec } from '../../core/catalog/types.ts';
import type { CallResult, Item } from '../../core/gateway/callResult.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { timelyArgs } from '../../core/time/issueTimes.ts';

export type ToolCaller = (tool: string, args: Record<string, unknown>) => Promise<CallResult>;

export interface SeedBookOptions {
  catalog: Catalog;
  call: ToolCaller;
  /** The moment time-dependent arguments are set for. */
  asOf: Date;
  /** Working argument sets kept per tool. Defaults to 3. */
  perTool?: number;
  /** Rounds of harvesting for tools whose examples find nothing. Defaults to 3. */
  rounds?: number;
}

export interface Seed {
  args: Record<string, unknown>;
  result: CallResult;
}

/** A harvested row: its values by value kind. */
type TaggedRow = Map<string, unknown>;

const HARVEST_PER_TOOL = 60;
const TIME_KINDS = /^(date\.|time\.|datetime\.|kosis\.period$|kma\.tmFc$|kma\.baseTime$)/;

/** Arguments minus optional filters: what is required, what has no value kind, and what sets a period. */
function essentialArgs(spec: ToolSpec, args: Record<string, unknown>): Record<string, unknown> {
  const required = new Set(spec.parameters.required ?? []);
  const keep = (name: string): boolean => {
    const tag = spec.parameters.properties[name]?.['x-semantic'];
    return required.has(name) || tag === undefined || TIME_KINDS.test(tag);
  };
  return Object.fromEntries(Object.entries(args).filter(([name]) => keep(name)));
}

export class SeedBook {
  private readonly options: SeedBookOptions;
  private readonly seeds = new Map<string, Seed[]>();
  private readonly tried = new Set<string>();
  /** Harvested rows by the tool that returned them; read in tool order, so concurrent calls give the same result every run. */
  private readonly harvestByTool = new Map<string, TaggedRow[]>();
  private calls = 0;

  constructor(options: SeedBookOptions) {
    this.options = options;
  }

  get callsSpent(): number {
    return this.calls;
  }

  /** Finds working inputs for every tool named (examples first, then harvested values). */
  async prepare(toolIds: Iterable<string>): Promise<void> {
    const wanted = [...new Set(toolIds)].sort().map((id) => this.options.catalog.require(id));
    await Promise.all(wanted.map((spec) => this.tryExamples(spec)));
    for (let round = 0; round < (this.options.rounds ?? 3); round++) {
      const missing = wanted.filter((spec) => (this.seeds.get(spec.id)?.length ?? 0) === 0);
      if (missing.length === 0) break;
      // Every tool of a round draws from the same snapshot, whatever order their calls finish in.
      const snapshot = this.harvest();
      await Promise.all(missing.map((spec) => this.tryHarvested(spec, snapshot)));
      if (this.harvest().length === snapshot.length && missing.every((spec) => (this.seeds.get(spec.id)?.length ?? 0) === 0)) break;
    }
  }

  private harvest(): TaggedRow[] {
    return [...this.harvestByTool.keys()].sort().flatMap((id) => this.harvestByTool.get(id)!);
  }

  /** Working inputs of a tool and what they returned; empty when nothing made it answer. */
  of(toolId: string): Seed[] {
    return this.seeds.get(toolId) ?? [];
  }

  /**
   * What a tool is called with besides a link's values, from its working inputs: the required arguments, and
   * the ones that set a period or steer the call (KOSIS wants a period range or a count, which JSON Schema's
   * `required` cannot say). Optional filters (a 읍면동 name, a category) are left out: they would narrow the call
   * to nothing whenever a link's value points elsewhere.
   */
  baseArgs(toolId: string): Record<string, unknown> {
    const spec = this.options.catalog.require(toolId);
    return essentialArgs(spec, this.of(toolId)[0]?.args ?? timelyArgs(spec, spec.examples[0]?.args ?? {}, this.options.asOf));
  }

  /** Values the seed calls returned, by value kind (real names and addresses a user could state). */
  harvestedValues(): Map<string, unknown[]> {
    const out = new Map<string, unknown[]>();
    for (const row of this.harvest()) {
      for (const [tag, value] of row) {
        const list = out.get(tag) ?? [];
        if (list.length < 200 && !list.includes(value)) list.push(value);
        out.set(tag, list);
      }
    }
    return out;
  }

  private async tryExamples(spec: ToolSpec): Promise<void> {
    for (const example of spec.examples) {
      const timely = timelyArgs(spec, example.args, this.options.asOf);
      if (await this.attempt(spec, timely)) continue;
      if (canonicalJson(timely) !== canonicalJson(example.args)) await this.attempt(spec, example.args);
    }
  }

  private async tryHarvested(spec: ToolSpec, harvest: TaggedRow[]): Promise<void> {
    const needed = (spec.parameters.required ?? []).filter((name) => spec.parameters.properties[name]?.['x-semantic']);
    const tags = needed.map((name) => spec.parameters.properties[name]!['x-semantic']!);
    // Rows that hold every needed kind first: a TAGO city code and stop id must come from the same stop.
    const rows = harvest.filter((row) => tags.every((t) => row.has(t)));
    const base = essentialArgs(spec, timelyArgs(spec, spec.examples[0]?.args ?? {}, this.options.asOf));
    for (const row of rows.slice(0, 12)) {
      const args = { ...base };
      needed.forEach((name, i) => {
        const schema = spec.parameters.properties[name]!;
        const value = row.get(tags[i]!);
        args[name] = schema.type === 'array' ? [value] : value;
      });
      await this.attempt(spec, args);
      if (this.of(spec.id).length >= (this.options.perTool ?? 3)) return;
    }
  }

  private async attempt(spec: ToolSpec, args: Record<string, unknown>): Promise<boolean> {
    const key = `${spec.id} ${canonicalJson(args)}`;
    if (this.tried.has(key) || this.of(spec.id).length >= (this.options.perTool ?? 3)) return false;
    this.tried.add(key);
    this.calls++;
    const result = await this.options.call(spec.id, args);
    if (!result.ok || result.items.length === 0) return false;
    const list = this.seeds.get(spec.id) ?? [];
    list.push({ args, result });
    this.seeds.set(spec.id, list);
    this.collect(spec, result.items);
    return true;
  }

  private collect(spec: ToolSpec, items: Item[]): void {
    const rows = this.harvestByTool.get(spec.id) ?? [];
    this.harvestByTool.set(spec.id, rows);
    for (const item of items.slice(0, 20)) {
      if (rows.length >= HARVEST_PER_TOOL) return;
      const row: TaggedRow = new Map();
      for (const [name, field] of Object.entries(spec.response.fields)) {
        const value = item[name];
        if (field.semantic && value !== null && value !== undefined && value !== '') row.set(field.semantic, value);
      }
      if (row.size > 0) rows.push(row);
    }
  }
}
