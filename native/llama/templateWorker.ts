// A model's chat template, rendered in a worker thread of its own (boundedTemplate.ts): the engine's thread waits for
// each render with a deadline, and the thread's heap is bounded, so a template that loops or fills memory costs this
// thread, never the engine. Results are written into shared memory, since the engine's thread is blocked waiting.
import { Template } from '@huggingface/jinja';
import { parentPort, workerData } from 'node:worker_threads';
import { strftimeAt } from '../../main/core/time/templateDate.ts';
import { RENDER_STATE, type RenderRequest, type TemplateWorkerData } from './templateProtocol.ts';

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

// The library declares its own strftime_now (the machine's clock, in the machine's locale) and refuses a second
// declaration, so the template's calls are pointed at this thread's clock instead: the episode's moment in Korea, or
// without an episode the machine's clock as the library would read it.
const CLOCK = '__kopa_strftime_now';

let template: Template | undefined;
let refusal = '';
try {
  template = new Template(source.replace(/\bstrftime_now\b/g, CLOCK));
} catch (error) {
  refusal = error instanceof Error ? error.message : String(error);
}
answer(RENDER_STATE.ready, '');

parentPort!.on('message', ({ context, moment }: RenderRequest) => {
  try {
    if (!template) throw new Error(refusal);
    const at = moment === undefined ? undefined : new Date(moment);
    const clock = (format: string): string => (at ? strftimeAt(at, format) : strftimeAt(new Date(), format, 'machine'));
    // Llama 3.x reads the day from date_string where it is given (3.1 has no clock of its own, only a fixed day).
    const dated = at ? { date_string: strftimeAt(at, '%d %b %Y') } : {};
    answer(RENDER_STATE.rendered, template.render({ ...context, ...dated, [CLOCK]: clock }));
  } catch (error) {
    answer(RENDER_STATE.refused, error instanceof Error ? error.message : String(error));
  }
});
