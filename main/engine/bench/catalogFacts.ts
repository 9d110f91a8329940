// What scoring and lints need to know about tool parameters, read from the catalog: the value kind of each
// parameter, which arguments say how to call rather than what to ask, and how a request states a value.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { LintContext } from '../../core/bench/lints.ts';
import { statedForms } from '../../core/bench/lints.ts';
import type { MetricContext } from '../../core/bench/stepMetrics.ts';
import type { BenchTask } from '../../core/bench/types.ts';

export function lintContext(catalog: Catalog): LintContext {
  const param = (tool: string, name: string) => catalog.get(tool)?.parameters.properties[name];
  return {
    tagOf: (tool, name) => param(tool, name)?.['x-semantic'],
    // Paging, enumerated options and untagged switches (dataTerm, ver, type) come from the tool's documentation.
    incidental: (tool, name) => {
      const p = param(tool, name);
      const tag = p?.['x-semantic'];
      return !p || !tag || tag.startsWith('paging.') || Array.isArray(p.enum);
    },
  };
}

export function metricContext(catalog: Catalog, task: BenchTask): MetricContext {
  const lint = lintContext(catalog);
  const asOf = new Date(task.asOf);
  const stated = new Map(Object.entries(task.statedAs ?? {}).flatMap(([key, words]) => {
    const [stepId, name] = key.split('.');
    const step = task.plan.steps.find((s) => s.id === stepId);
    const arg = step?.args[name ?? ''];
    return step && arg && 'value' in arg ? [[`${step.tool}.${name}=${String(arg.value)}`, words] as const] : [];
  }));
  return {
    query: task.query_ko,
    incidental: (tool, name) => lint.incidental(tool, name) || [...stated].some(([key, words]) => words === '' && key.startsWith(`${tool}.${name}=`)),
    mention: (tool, name, value) => {
      const words = stated.get(`${tool}.${name}=${String(value)}`);
      if (words) return words;
      const tag = lint.tagOf(tool, name);
      if (!tag) return undefined;
      const query = task.query_ko;
      return statedForms(tool, tag, value, asOf).find((form) => query.includes(form));
    },
  };
}

/** The agencies whose tools a task's plan calls. */
export function agenciesOf(catalog: Catalog, task: BenchTask): string[] {
  return [...new Set(task.plan.steps.map((s) => catalog.get(s.tool)?.agency).filter((a): a is string => a !== undefined))];
}
