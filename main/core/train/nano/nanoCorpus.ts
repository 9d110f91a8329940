// KOPA-Nano's training text: a synthesized conversation exactly as the app later shows the model. KOPA-Nano runs in
// grammar mode under ChatML (its GGUF's template), with the tools written one line each (the "compact" tool prompt,
// recorded in the GGUF as kopa.tool_prompt), so the corpus is the grammar-mode messages of the compact export
// rendered as ChatML: `<|im_start|>role\n…<|im_end|>\n` per message. The loss falls on the model's own turns only —
// each assistant message's text and the `<|im_end|>` that ends it — never on what it reads.
import type { PlainMessage } from '../../agent/grammarConversation.ts';

/** One run of text, and whether the model is trained to write it. */
export interface CorpusSegment {
  text: string;
  train: boolean;
}

/** ChatML's turn markers, as the template KOPA-Nano's GGUF carries writes them. */
export const CHATML = { start: '<|im_start|>', end: '<|im_end|>' } as const;

/** The template KOPA-Nano's GGUF carries (node-llama-cpp's ChatML wrapper writes the same text). */
export const NANO_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** A conversation as segments: the model's turns (and their end markers) trained, everything else read. */
export function corpusSegments(messages: PlainMessage[]): CorpusSegment[] {
  const out: CorpusSegment[] = [];
  const read = (text: string): void => {
    const last = out.at(-1);
    if (last && !last.train) last.text += text;
    else out.push({ text, train: false });
  };
  for (const m of messages) {
    read(`${CHATML.start}${m.role}\n`);
    if (m.role === 'assistant') {
      out.push({ text: `${m.content}${CHATML.end}`, train: true });
      read('\n');
    } else read(`${m.content}${CHATML.end}\n`);
  }
  return out;
}

/** The whole text the segments make. */
export const corpusText = (segments: CorpusSegment[]): string => segments.map((s) => s.text).join('');
