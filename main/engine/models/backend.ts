// A model the agent talks to: local llama.cpp, an OpenAI-compatible server on the agency network, or a
// scripted transcript. One turn at a time; the agent loop owns the conversation.
import type { ChatMessage, ModelTool, ModelTurn, TurnProgress } from '../../core/agent/types.ts';
import type { ResultRowForm } from '../../core/resultView/resultView.ts';

export interface TurnOptions {
  /** "required" forbids a plain answer this turn; "none" forbids calls (the last turn before the step cap). */
  toolChoice?: 'auto' | 'required' | 'none';
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  onToken?: (text: string) => void;
  /** How far a local model's turn has got, a few times a second (other backends do not say). */
  onProgress?: (progress: TurnProgress) => void;
  signal?: AbortSignal;
  /** The episode's moment, for a template that writes the date (Llama 3.x, gpt-oss); the machine's clock where absent. */
  now?: Date;
}

export interface ModelBackend {
  /** Where answers come from, for transcripts and run manifests: llama:PATH, openai:URL#MODEL, scripted:FILE. */
  readonly id: string;
  /** Tokens the model's context holds, where the backend knows it (a local model); sizes the result view. */
  readonly contextTokens?: number;
  /** The result view's token budget the model was trained on (KOPA-Nano records it), where it has one. */
  readonly resultTokens?: number;
  /** How the model was trained to read a result's rows (KOPA-Nano records it), where it was. */
  readonly resultRows?: ResultRowForm;
  turn(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn>;
  dispose(): Promise<void>;
}
