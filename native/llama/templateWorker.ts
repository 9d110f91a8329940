// A model's chat template, rendered in a worker thread of its own (boundedTemplate.ts): the engine's thread waits for
// each render with a deadline, and the thread's heap is bounded, so a template that loops or fills memory costs this
// thread, never the engine. Results are written into shared memory, since the engine's thread is blocked waiting.
import { Template } from '@huggingface/jinja';
import { parentPort, workerData } from 'node:worker_threads';
import { RENDER_STATE, type TemplateWorkerData } from './templateProtocol.ts';

const { source, control, output } = (workerData as { data: TemplateWorkerData }).data;
const state = new Int32Array(control);
const bytes = new Uint8Array(output);
const encoder = new TextEncoder();

function answer(status: number, text: string): void {
  const { read, written } = encoder.encodeInto(text, bytes);
  const whole = read === text.length;
  Atomics.store(state, 1, whole ? written : 0);
  Atomics.store(state, 0, whole ? status : RENDER_STATE.tooLarge);
  Atomics.notify(state, 0);
}

let template: Template | undefined;
let refusal = '';
try {
  template = new Template(source);
} catch (error) {
  refusal = error instanceof Error ? error.message : String(error);
}
answer(RENDER_STATE.ready, '');

parentPort!.on('message', (context: Record<string, unknown>) => {
  try {
    if (!template) throw new Error(refusal);
    answer(RENDER_STATE.rendered, template.render(context));
  } catch (error) {
    answer(RENDER_STATE.refused, error instanceof Error ? error.message : String(error));
  }
});
