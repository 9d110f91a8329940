/** `--speculation draft:MODEL`: speculative decoding with a smaller model of the same vocabulary as the draft. */
export const DRAFT_PREFIX = 'draft:';
