// How a local model is asked to call tools, and why: the model card, `kopa models inspect` and the agent share it.
// "native" writes calls in the syntax the family was trained on (its template renders the tools and node-llama-cpp
// or KOPA Studio's wrapper reads the calls); "grammar" renders the tools into the prompt (toolPrompt.ts) and holds
// each step to a JSON grammar, for families whose template has no tool syntax.

export type ToolCallMode = 'native' | 'grammar';

/**
 * Why the mode was chosen:
 * - familyWrapper: node-llama-cpp's wrapper for the family (Qwen, Llama 3.1, Harmony, Mistral, …) knows its syntax;
 * - templateSyntax: the GGUF's own chat template renders tools, and node-llama-cpp read its call syntax from it;
 * - kopaWrapper: KOPA Studio's wrapper for a syntax node-llama-cpp cannot express (Mistral's [TOOL_CALLS]name[ARGS]);
 * - templateText: the template renders tools, but node-llama-cpp can only hold calls to another form of its syntax
 *   (Qwen3.5 writes each argument as its own <parameter=…>; node-llama-cpp would force all of them into one JSON
 *   <parameter=params>), so the model writes freely and its calls are read from the text (toolCallParser.ts);
 * - noToolSyntax: neither the wrapper nor the template has a tool syntax (Gemma 2/3, EXAONE 3.5, plain ChatML).
 */
export const toolCallReasons = ['familyWrapper', 'templateSyntax', 'kopaWrapper', 'templateText', 'noToolSyntax'] as const;
export type ToolCallReason = (typeof toolCallReasons)[number];

export interface ToolCallSupport {
  mode: ToolCallMode;
  /** The chat wrapper that writes the conversation, by its name (Qwen, JinjaTemplate, Gemma, Mistral [ARGS]). */
  wrapper: string;
  reason: ToolCallReason;
  /** Fixes KOPA Studio applied to the GGUF's chat template before using it (ids of templatePatches.ts). */
  patches: string[];
}
