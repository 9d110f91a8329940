// A streaming answer's events, drawn in batches. A model writes tens of tokens a second; drawing the conversation (and
// parsing the answer's Markdown) again for each one takes the CPU that a model running on the workstation's processor
// needs, for text no one reads faster than a few updates a second.
import type { AgentEvent } from '../../../../main/core/agent/types.ts';

/** Streamed words are drawn at most this often (ms). */
export const DRAW_EVERY_MS = 50;

export interface EventBatcher {
  /** A word waits for the next draw; anything else (a call, a result, a question for the analyst) is drawn at once. */
  push(event: AgentEvent): void;
  /** Draws what is waiting now, e.g. when the run ends. */
  flush(): void;
}

/** Calls `draw` with the events received since its last call, in their order. */
export function eventBatcher(draw: (events: AgentEvent[]) => void, everyMs = DRAW_EVERY_MS): EventBatcher {
  let pending: AgentEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    draw(events);
  };
  return {
    push(event) {
      pending.push(event);
      if (event.kind !== 'token') flush();
      else timer ??= setTimeout(flush, everyMs);
    },
    flush,
  };
}
