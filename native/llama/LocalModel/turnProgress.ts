// A local turn's progress while it runs, from its sequence's token meter: the prompt's tokens read of those there
// are to read (llama.cpp reads only what follows what the sequence already holds), the tokens written, and the time.
import type { LlamaContextSequence, Token } from 'node-llama-cpp';
import type { TurnProgress } from '../../../main/core/agent/types.ts';

/** How often a turn says where it has got: often enough to watch a prompt being read, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 250;

/** Reports `report` every PROGRESS_EVERY_MS from now; the returned function stops it with a last report. */
export function watchProgress(
  sequence: LlamaContextSequence,
  prompt: readonly Token[],
  before: ReturnType<LlamaContextSequence['tokenMeter']['getState']>,
  report: (p: TurnProgress) => void,
): () => void {
  const held = sequence.contextTokens;
  let shared = 0;
  while (shared < prompt.length && shared < held.length && prompt[shared] === held[shared]) shared++;
  const toRead = prompt.length - shared;
  const started = performance.now();
  // Writing began after the last report that had nothing written yet: the rate is counted from there.
  let idle = started;
  const tell = (): void => {
    const used = sequence.tokenMeter.diff(before);
    const now = performance.now();
    if (used.usedOutputTokens === 0) idle = now;
    report({
      toRead,
      // The meter counts the prompt's last token with the first generated one (turnUsage says so too).
      read: Math.min(toRead, used.usedInputTokens + (used.usedOutputTokens > 0 ? 1 : 0)),
      written: used.usedOutputTokens,
      elapsedMs: Math.round(now - started),
      writingMs: used.usedOutputTokens === 0 ? 0 : Math.round(now - idle),
    });
  };
  tell();
  const timer = setInterval(tell, PROGRESS_EVERY_MS);
  return () => {
    clearInterval(timer);
    tell();
  };
}
