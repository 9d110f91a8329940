// What scoring and lints need to know about tool parameters, read from the catalog: the value kind of each
// parameter, which arguments say how to call rather than what to ask, and how a request states a value.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { LintContext } from '../../core/bench/lints.ts';
import { queriedStep, statedForms } from '../../core/bench/lints.ts';
import type { MetricContext } from '../../core/bench/stepMetrics.ts';
import type { BenchTask } from '../../core/bench/types.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import { boundedMemo } from '../../core/boundedMemo.ts';

export function lintContext(catalog: Catalog, view?: ViewOptions): LintContext {
  const param = (tool: string, name: string) => catalog.get(tool)?.parameters.properties[name];
  return {
    view,
    tagOf: (tool, name) => param(tool, name)?.['x-semantic'],
    // Paging, enumerated options and untagged switches (dataTerm, ver, type) come from the tool's documentation.
    incidental: (tool, name) => {
      const p = param(tool, name);
      const tag = p?.['x-semantic'];
      return !p || !tag || tag.startsWith('paging.') || Array.isArray(p.enum);
    },
    fieldTagOf: (tool, field) => catalog.get(tool)?.response.fields[field]?.semantic,
    documented: boundedMemo(
      (tool: string, value: string) => {
        const spec = catalog.get(tool);
        if (!spec || value.length < 2) return false;
        const docs = [
          spec.description.ko,
          spec.description.en,
          ...Object.values(spec.parameters.properties).map((p) => p.description),
          ...Object.values(spec.response.fields).flatMap((f) => [f.ko ?? '', f.en ?? '']),
        ];
        return docs.some((text) => new RegExp(`(^|[^A-Za-z0-9])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`).test(text));
      },
      (tool, value) => `${tool}\0${value}`,
    ),
  };
}

/**
 * The statedAs words of a task by "tool.param=value"; a query condition's ("s4.where.fcstValue") is keyed by the
 * API whose rows it filters: "kma.getVilageFcst.where.fcstValue=4".
 */
function statedWords(task: BenchTask): Map<string, string> {
  return new Map(
    Object.entries(task.statedAs ?? {}).flatMap(([key, words]) => {
      const [stepId, name, field] = key.split('.');
      const step = task.plan.steps.find((s) => s.id === stepId);
      const arg = step?.args[name ?? ''];
      if (!step || !arg || !('value' in arg)) return [];
      if (field === undefined) return [[`${step.tool}.${name}=${String(arg.value)}`, words] as const];
      const condition = Array.isArray(arg.value) ? (arg.value as { field?: unknown; value?: unknown }[]).find((c) => c.field === field) : undefined;
      const source = queriedStep(task, stepId!);
      return condition && source ? [[`${source.tool}.${name}.${field}=${String(condition.value)}`, words] as const] : [];
    }),
  );
}

export function metricContext(catalog: Catalog, task: BenchTask): MetricContext {
  const lint = lintContext(catalog);
  const asOf = new Date(task.asOf);
  const stated = statedWords(task);
  // "tool.param" of arguments the task states in no words: how to call, like paging.
  const unworded = new Set([...stated].filter(([, words]) => words === '').map(([key]) => key.slice(0, key.indexOf('='))));
  const tagOf = (tool: string, name: string): string | undefined =>
    name.startsWith('where.') ? lint.fieldTagOf?.(tool, name.slice('where.'.length)) : lint.tagOf(tool, name);
  return {
    query: task.query_ko,
    incidental: (tool, name, value) => {
      if (name.startsWith('where.'))
        return (value !== undefined && lint.documented?.(tool, String(value))) || stated.get(`${tool}.${name}=${String(value)}`) === '';
      return lint.incidental(tool, name) || unworded.has(`${tool}.${name}`);
    },
    mention: boundedMemo(
      (tool: string, name: string, value: unknown) => {
        const words = stated.get(`${tool}.${name}=${String(value)}`);
        if (words) return words;
        const tag = tagOf(tool, name);
        if (!tag) return undefined;
        const query = task.query_ko;
        return statedForms(tool, tag, value, asOf).find((form) => query.includes(form));
      },
      (tool, name, value) => `${tool}\0${name}\0${typeof value}\0${String(value)}`,
    ),
  };
}

/** The agencies whose tools a task's plan calls. */
export function agenciesOf(catalog: Catalog, task: BenchTask): string[] {
  return [...new Set(task.plan.steps.map((s) => catalog.get(s.tool)?.agency).filter((a): a is string => a !== undefined))];
}
