// What a local model is asked with and answers: the options of loading one, of a chat turn and of a plain
// completion, and what a model needs of the runtime that loads it.
import type { GbnfJsonSchema, Llama } from 'node-llama-cpp';
import type { ModelTool, TurnProgress } from '../../../main/core/agent/types.ts';
import type { RegionBook } from '../../../main/core/region/regionBook.ts';
import type { ToolCallMode } from '../../../main/core/models/toolCalling.ts';
import type { ModelThinking } from '../../../main/core/models/thinking.ts';
import type { ChatWrapperChoice } from '../chatFormat.ts';

export interface ChatOptions {
  /** Tools offered; an empty list (or toolChoice "none") asks for a final answer. */
  tools: ModelTool[];
  /** "required" forbids a plain answer this turn; "none" forbids calls. Defaults to "auto". */
  toolChoice?: 'auto' | 'required' | 'none';
  /** Defaults to the model's own mode (toolCallMode()). */
  mode?: ToolCallMode;
  /**
   * The turn's token budget. Defaults to the longest output the turn's grammar admits (stepBudget.ts), at most half
   * the context: grammar mode does not cut a valid call or answer; native mode gets at least 512 for words, plus
   * `thoughtTokens` where the family thinks.
   */
  maxTokens?: number;
  /**
   * Tokens a thinking model (its wrapper has a thought segment: Qwen3, gpt-oss, EXAONE 4.0) may think before it
   * answers or calls; added to the default budget and held by node-llama-cpp's thought budget. Under a grammar the
   * model thinks first, unconstrained, and the grammar holds what follows (thinkFirst.ts); 0 lets it not think.
   * Defaults to 1,024, at most a quarter of the context. Nothing where the turn does not think (`thinking`).
   */
  thoughtTokens?: number;
  temperature?: number;
  seed?: number;
  /**
   * Grammar mode: hold the values the question or an earlier result gives to those values (copyChoices.ts). Defaults
   * to what the model's GGUF records (kopa.copy_arguments: on for KOPA-Nano), else off.
   */
  copyArguments?: boolean;
  /** The region names a copied region, address or station is held to (copyChoices.ts); without it, any span. */
  regions?: RegionBook;
  /** The episode's moment: the date the model's template writes (Llama 3.x, gpt-oss, Mistral Small); else the machine's. */
  now?: Date;
  /**
   * Whether a thinking family thinks: "on", "off", or "default", what its template does where nobody says (Qwen3
   * thinks; EXAONE 4.0 and Qwen3.5 do not). Defaults to "default".
   */
  thinking?: ModelThinking;
  onText?: (chunk: string) => void;
  /** Where the turn has got (prompt read, tokens written), every PROGRESS_EVERY_MS while it runs and once at its end. */
  onProgress?: (progress: TurnProgress) => void;
  signal?: AbortSignal;
}

export interface LoadLocalModelOptions {
  /** A GGUF file on disk, chosen by the user. */
  modelPath: string;
  /** Layers to offload to the GPU. Defaults to "auto" (as many as fit, counting the context). */
  gpuLayers?: 'auto' | 'max' | number;
  /**
   * Context window in tokens. Defaults to the model's trained length, capped at 16,384: a KOPA-Bench episode holds the
   * offered tools (about 4,000 tokens picked, 16,000 all), up to eight result views of 1,024 and the calls.
   */
  contextSize?: number;
  /** LoRA adapters (GGUF files) applied to every context of this model. */
  lora?: string[];
  /** How strongly the adapters apply: 0 is the base model, 1 the adapter as trained. Defaults to 1. */
  loraScale?: number;
  /**
   * How conversations are written: "auto" (node-llama-cpp's wrapper for the model's family, tested for tool calls)
   * or "jinja" (the GGUF's own chat template, as a Hugging Face trainer renders it: format parity with training).
   * Defaults to auto.
   */
  chatWrapper?: ChatWrapperChoice;
  /**
   * Whether chat turns reuse what a sequence already evaluated: a turn continues on the sequence that last served the
   * same conversation (or one that starts alike), and llama.cpp evaluates only the tokens after the longest prefix
   * they share. Off clears the sequence before every turn (the whole conversation evaluated again). Defaults to on.
   */
  reuseCache?: boolean;
  /**
   * Sequences generating at once in one context (llama.cpp batches them together: evaluation and rollouts run
   * this many episodes in parallel). Each has the full context size. Defaults to 1.
   */
  sequences?: number;
  /** Speculative decoding (see Speculation). Defaults to off. */
  speculation?: Speculation;
  /** How a draft model drafts (see DraftOptions); node-llama-cpp's defaults when omitted. */
  draft?: DraftOptions;
  /** Called with the load progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Speculative decoding: tokens guessed ahead and checked by the model in one batch, so that a run of correct
 * guesses costs about one token's step. "input-lookup" (prompt lookup) guesses by finding the last generated tokens
 * in the conversation, as a tool call does when it copies a code or a name from an earlier result; "draft:FILE"
 * lets a smaller model of the same vocabulary (Qwen2.5-0.5B for a 7B Qwen2.5) generate ahead. The output is the
 * same; only the speed changes, and only where guesses hold.
 */
export type Speculation = 'off' | 'input-lookup' | `draft:${string}`;

/** How a draft model drafts. */
export interface DraftOptions {
  /** Tokens the draft is less sure of than this (its probability, 0 to 1) are not proposed. Defaults to 0.6; 0 proposes all. */
  minConfidence?: number;
}

/** How well the guesses held: tokens checked and confirmed, checked and refuted. */
export interface PredictionStats {
  validated: number;
  refuted: number;
}

export interface CompleteOptions {
  /** Stop after this many generated tokens. Defaults to 256. */
  maxTokens?: number;
  /** Sampling temperature; 0 is greedy. Defaults to 0. */
  temperature?: number;
  /** Sampling seed, for reproducible runs at temperature > 0. Defaults to none. */
  seed?: number;
  /** Constrain the output to JSON matching this schema (llama.cpp grammar; the GBNF subset of JSON Schema). */
  jsonSchema?: GbnfJsonSchema;
  /** Receives text as it is generated. */
  onText?: (chunk: string) => void;
  signal?: AbortSignal;
}

export interface Completion {
  text: string;
  /** The parsed JSON when `jsonSchema` was given and the output ended where the grammar lets it end. */
  json?: unknown;
  /** "maxTokens" when the budget cut the output (then a grammar's JSON is unfinished and `json` absent). */
  stop: 'end' | 'maxTokens';
  inputTokens: number;
  outputTokens: number;
}

/** What a model needs of the runtime that loads it (LlamaRuntime): llama.cpp's binding and the CPU threads to use. */
export interface ModelRuntime {
  readonly llama: Llama;
  threadsFor(parameters: number): number;
}
