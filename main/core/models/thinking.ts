// Whether a thinking family (Qwen3, Qwen3.5, EXAONE 4.0, gpt-oss) thinks before it answers: as its template does
// where nobody says (vLLM's and transformers' default: Qwen3 thinks, EXAONE 4.0 and Qwen3.5 do not), or as set for
// the model. Thinking costs up to the turn's thought budget in tokens every turn.
export const modelThinkings = ['default', 'on', 'off'] as const;
export type ModelThinking = (typeof modelThinkings)[number];
