// What a thinking model wrote before its answer, kept apart from the answer: Qwen3, EXAONE 4.0 and DeepSeek write
// <think>…</think>, Magistral [THINK]…[/THINK]. A template may open the block in the prompt itself (Qwen3's
// generation prompt for thinking models), so a closing tag alone also ends thinking. A block still open when the
// output stops is thinking that never finished: nothing in it is a call or an answer. (gpt-oss's harmony channels
// are read by the harmony reader, callFormats.ts.)

export interface SplitThinking {
  /** The output without its thinking. */
  text: string;
  /** What was thought, blocks joined by a blank line; absent when the model did not think. */
  thinking?: string;
  /** The output ended inside a thinking block. */
  unfinished: boolean;
}

const BLOCKS = [
  { open: '<think>', close: '</think>' },
  { open: '[THINK]', close: '[/THINK]' },
] as const;

export function splitThinking(output: string): SplitThinking {
  const block = BLOCKS.find((b) => output.includes(b.open) || output.includes(b.close));
  if (!block) return { text: output, unfinished: false };
  const thoughts: string[] = [];
  let rest = output;
  const firstClose = rest.indexOf(block.close);
  const firstOpen = rest.indexOf(block.open);
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) {
    thoughts.push(rest.slice(0, firstClose));
    rest = rest.slice(firstClose + block.close.length);
  }
  let text = '';
  let unfinished = false;
  for (;;) {
    const open = rest.indexOf(block.open);
    if (open < 0) {
      text += rest;
      break;
    }
    text += rest.slice(0, open);
    const close = rest.indexOf(block.close, open + block.open.length);
    if (close < 0) {
      thoughts.push(rest.slice(open + block.open.length));
      unfinished = true;
      break;
    }
    thoughts.push(rest.slice(open + block.open.length, close));
    rest = rest.slice(close + block.close.length);
  }
  const thinking = thoughts
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .join('\n\n');
  return { text, ...(thinking ? { thinking } : {}), unfinished };
}
