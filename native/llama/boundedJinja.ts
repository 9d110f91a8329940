// node-llama-cpp's Jinja chat wrapper renders a model's template in the engine's own thread, with no deadline: at load
// (to read the template's call syntax, and to compare it with each family's wrapper) and on every turn. Its renderer is
// replaced, once per process, by one that renders in a bounded template thread (boundedTemplate.ts), keyed by the
// template's text: the same library renders the same text, but a loop costs the deadline and a flood of memory costs
// the thread, never the engine. A template that broke its bounds stays broken until its model is loaded again: every
// render until then fails at once.
// Relies on node-llama-cpp 3.21.1's JinjaRenderer (checked): render(items), the template's text in `_template`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { KopaError } from '../../main/core/errors.ts';
import { BoundedTemplate } from './boundedTemplate.ts';

/** Template threads kept alive at once; the least recently used one ends first (a model loads a handful of times). */
const KEPT = 6;

const threads = new Map<string, BoundedTemplate>();
const broken = new Map<string, KopaError>();
const names = new Map<string, string>();

/** The model a template text belongs to, named in the error a user sees. */
export function nameTemplate(template: string, model: string): void {
  names.set(template, model);
}

/** A model loaded again gets its template tried again (the error said: "until it is loaded again"). */
export function retryTemplate(template: string): void {
  broken.delete(template);
}

/** Why a template can no longer be rendered (it ran past its deadline or its memory), if it cannot. */
export const jinjaFailure = (template: string): KopaError | undefined => broken.get(template);

function threadFor(template: string): BoundedTemplate {
  let thread = threads.get(template);
  if (thread) {
    threads.delete(template);
    threads.set(template, thread);
    return thread;
  }
  thread = new BoundedTemplate(template, { model: names.get(template) ?? 'this model' });
  threads.set(template, thread);
  for (const [key, old] of threads) {
    if (threads.size <= KEPT) break;
    threads.delete(key);
    void old.dispose();
  }
  return thread;
}

function boundedRender(template: string, items: Record<string, unknown>): string {
  const failed = broken.get(template);
  if (failed) throw failed;
  try {
    return threadFor(template).render(items);
  } catch (error) {
    // Past its deadline or its memory (not a template that raised, which node-llama-cpp may try in another form).
    if (error instanceof KopaError && error.code === 'InvalidModelFile') {
      broken.set(template, error);
      threads.delete(template);
    }
    throw error;
  }
}

const modulePath = path.join(path.dirname(createRequire(import.meta.url).resolve('node-llama-cpp')), 'chatWrappers', 'generic', 'JinjaTemplateChatWrapper.js');
const jinja = (await import(pathToFileURL(modulePath).href)) as {
  JinjaRenderer: { prototype: { _template: string; render(items: Record<string, unknown>): string } };
};
jinja.JinjaRenderer.prototype.render = function render(this: { _template: string }, items: Record<string, unknown>): string {
  return boundedRender(this._template, items);
};
