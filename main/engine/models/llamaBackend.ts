// The local model through node-llama-cpp: native tool calling where the model's template has it, a JSON
// grammar otherwise (native/llama decides per model).
import type { ChatMessage, ModelTool, ModelTurn } from '../../core/agent/types.ts';
import type { RegionBook } from '../../core/region/regionBook.ts';
import type { LocalModel, ToolCallMode } from '../../../native/llama/index.ts';
import type { ModelBackend, TurnOptions } from './backend.ts';
import type { ThinkingSetting } from '../../api/contract.ts';
import type { ResultRowForm } from '../../core/resultView/resultView.ts';

export class LlamaBackend implements ModelBackend {
  readonly id: string;
  readonly contextTokens: number;
  readonly resultTokens?: number;
  readonly resultRows?: ResultRowForm;
  private readonly model: LocalModel;
  private readonly mode: ToolCallMode;
  private readonly owned: boolean;
  private readonly regions?: RegionBook;
  private readonly thinking?: ThinkingSetting;

  /**
   * `owned`: whether disposing the backend unloads the model. `regions`: the names a copied region argument is held to
   * where the model copies arguments under its grammar (copyChoices.ts); without it, any span of the question.
   * `thinking`: how a thinking family thinks (as registered); its template's default where absent.
   */
  constructor(model: LocalModel, options: { mode?: ToolCallMode | 'auto'; owned?: boolean; regions?: RegionBook; thinking?: ThinkingSetting } = {}) {
    this.model = model;
    this.contextTokens = model.contextSize;
    const trained = model.chatFormat();
    if (trained.resultTokens !== undefined) this.resultTokens = trained.resultTokens;
    if (trained.resultRows !== undefined) this.resultRows = trained.resultRows;
    this.mode = !options.mode || options.mode === 'auto' ? model.toolCallMode() : options.mode;
    this.owned = options.owned ?? true;
    if (options.regions) this.regions = options.regions;
    if (options.thinking) this.thinking = options.thinking;
    this.id = `llama:${model.path}#${this.mode}`;
  }

  turn(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn> {
    return this.model.chat(messages, {
      tools,
      mode: this.mode,
      toolChoice: options.toolChoice,
      maxTokens: options.maxTokens,
      temperature: options.temperature,
      seed: options.seed,
      onText: options.onToken,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      signal: options.signal,
      ...(this.regions ? { regions: this.regions } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(this.thinking ? { thinking: this.thinking.mode, ...(this.thinking.thoughtTokens ? { thoughtTokens: this.thinking.thoughtTokens } : {}) } : {}),
    });
  }

  /** Makes the model's context now (memory allocated at load, not at the first question). */
  prepare(): Promise<void> {
    return this.model.prepare();
  }

  /** Where and how the model behind this backend is loaded. */
  placement(): ReturnType<LocalModel['placement']> {
    return this.model.placement();
  }

  async dispose(): Promise<void> {
    if (this.owned) await this.model.dispose();
  }
}
