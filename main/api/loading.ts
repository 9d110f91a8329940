// The progress a call reports while a local model loads: one stage name every client recognises (the CLI's
// "loading" line and bar, the chat's loading bar), apart from the schemas so the window can import it as it is.
import type { Progress } from './shared.ts';

/** The stage a call reports while a local model loads (once, the first time a call needs it). */
export const LOADING_MODEL = 'loading the model';

/** A model load's fraction (0–1) as a call's progress. */
export const loadProgress =
  (onProgress?: (p: Progress) => void) =>
  (fraction: number): void =>
    onProgress?.({ stage: LOADING_MODEL, done: Math.round(fraction * 100), total: 100 });
