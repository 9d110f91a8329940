import path from 'node:path';
import {
  DraftSequenceTokenPredictor,
  InputLookupTokenPredictor,
  LlamaChat,
  LlamaCompletion,
  type ChatHistoryItem,
  type ChatModelFunctions,
  type ChatWrapper,
  type GbnfJsonSchema,
  type LlamaChatResponse,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaModel,
  type Token,
  type Tokenizer,
} from 'node-llama-cpp';
import { givenArguments, paramsGrammar, stepGrammar, type GrammarSchema } from '../../../main/core/agent/grammarSchema.ts';
import { stepBudget } from '../../../main/core/agent/stepBudget.ts';
import { copyChoices } from '../../../main/core/agent/copyChoices.ts';
import { WrittenCalls } from '../../../main/core/agent/writtenArguments.ts';
import type { ChatMessage, ModelTool, ModelTurn } from '../../../main/core/agent/types.ts';
import { parseToolCalls } from '../../../main/core/agent/toolCallParser.ts';
import type { KopaError } from '../../../main/core/errors.ts';
import { saidError } from '../../../main/core/i18n/saidError.ts';
import type { ToolCallMode, ToolCallSupport } from '../../../main/core/models/toolCalling.ts';
import type { ModelThinking } from '../../../main/core/models/thinking.ts';
import { toGrammarHistory, toNativeHistory } from '../chatHistory.ts';
import { chooseChatFormat, type ChatWrapperChoice, type ChosenChatFormat } from '../chatFormat.ts';
import { fitHistory } from '../contextPolicy.ts';
import { faithfulWrapper } from '../faithfulWrapper.ts';
import { TemplateRenderer, type RenderTurn } from '../templateRenderer.ts';
import type { MemoryUse, ModelPlacement } from '../../../main/core/models/placement.ts';
import { draftOf } from '../../../main/core/models/modelRef.ts';
import type { ChatOptions, CompleteOptions, Completion, DraftOptions, LoadLocalModelOptions, ModelRuntime, PredictionStats, Speculation } from './options.ts';
import { givenRaw, stopOf, turnUsage } from './turnOutput.ts';
import { loadWeights } from './loadWeights.ts';
import { watchProgress } from './turnProgress.ts';
import { grammarTurn } from './grammarTurn.ts';

/** Text whose tokens a draft model must split exactly as the model does (a tool call, Korean, digits). */
const VOCABULARY_PROBE = '{"tool": "molit_getRTMSDataSvcAptTradeDev", "arguments": {"LAWD_CD": "11680", "DEAL_YMD": "202403"}} 서울특별시 강남구 아파트';

/** One turn's makings (LocalModel.turnPlan). */
type TurnPlan = { tools: ModelTool[]; wrapper: ChatWrapper; history: ChatHistoryItem[]; budget: number } & (
  | { kind: 'functions'; functions: ChatModelFunctions; thought: number }
  /** Calls in the family's syntax, read from the text (no function calling: node-llama-cpp cannot hold this syntax). */
  | { kind: 'text'; thought: number }
  /** `thought`: tokens a thinking family may think before the grammar holds the rest of the turn (thinkFirst.ts). */
  | { kind: 'grammar'; schema: GrammarSchema; thought: number }
);

/** A context's settings: each variant of a model (adapters, sequences, cache reuse, speculation) has its own. */
interface ContextSettings {
  contextSize: number;
  lora: string[];
  loraScale: number;
  sequences: number;
  chatWrapper: ChatWrapperChoice;
  reuseCache: boolean;
  speculation: Speculation;
  draft?: DraftOptions;
}

const DEFAULT_MAX_CONTEXT = 16_384;
/** A turn's least token budget when none is given: room for an answer in words. */
const DEFAULT_TURN_TOKENS = 512;
/** Tokens a context shift frees (node-llama-cpp's own default, given explicitly because the turn's budget counts on it). */
const shiftSize = (contextSize: number): number => Math.max(1, Math.floor(contextSize / 10));

/**
 * node-llama-cpp's context shift, made to give up old results' rows first (contextPolicy.ts) and to count what it
 * gave up into `trimmed`, so the turn can say so. Counted as node-llama-cpp counts it: with the offered functions,
 * where the turn has them.
 */
function trimmingResults(plan: TurnPlan, trimmed: { results: number; items: number }) {
  return ({
    chatHistory,
    maxTokensCount,
    tokenizer,
    chatWrapper,
  }: {
    chatHistory: readonly ChatHistoryItem[];
    maxTokensCount: number;
    tokenizer: Tokenizer;
    chatWrapper: ChatWrapper;
  }) => {
    const fitted = fitHistory(
      chatHistory,
      maxTokensCount,
      (history) =>
        chatWrapper
          .generateContextState({ chatHistory: history, ...(plan.kind === 'functions' ? { availableFunctions: plan.functions } : {}) })
          .contextText.tokenize(tokenizer).length,
    );
    trimmed.results += fitted.trimmed.results;
    trimmed.items += fitted.trimmed.items;
    return { chatHistory: fitted.history, metadata: null };
  };
}

/** A thinking model's default thought budget. */
const DEFAULT_THOUGHT_TOKENS = 1024;

export class LocalModel {
  readonly model: LlamaModel;
  readonly path: string;
  private readonly runtime: ModelRuntime;
  /** Tokens one sequence's context holds. */
  readonly contextSize: number;
  private context: Promise<LlamaContext> | undefined;
  /** The context once made, for what it holds in memory. */
  private madeContext: LlamaContext | undefined;
  private readonly free: LlamaContextSequence[] = [];
  private readonly waiting: { opening: string | undefined; take: (sequence: LlamaContextSequence) => void }[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly sequences: number;
  private disposed = false;

  private readonly settings: ContextSettings;
  private readonly allSequences: LlamaContextSequence[] = [];
  /** The draft model's weights and context, where speculation drafts with one; this instance owns both. */
  private draft: { model: LlamaModel; context: LlamaContext } | undefined;
  private readonly budgets = new Map<string, number>();
  /** What each sequence last held: the opening of its conversation (system prompt, first request, tools). */
  private readonly openings = new Map<LlamaContextSequence, string>();
  private chosenFormat: ChosenChatFormat | undefined;
  /** The model's own template, rendered as Hugging Face renders it; null for a model without one. */
  private renderer: TemplateRenderer | null | undefined;
  /** Whether disposing this instance unloads the weights (false for a variant made by withAdapters and the like). */
  private readonly ownsModel: boolean;

  private constructor(runtime: ModelRuntime, model: LlamaModel, path: string, settings: ContextSettings, ownsModel: boolean) {
    this.runtime = runtime;
    this.model = model;
    this.path = path;
    this.contextSize = settings.contextSize;
    this.sequences = settings.sequences;
    this.settings = settings;
    this.ownsModel = ownsModel;
  }

  /** The same weights with other context settings: a context of its own; disposing it frees that context only. */
  private variant(changes: Partial<ContextSettings>): LocalModel {
    return new LocalModel(this.runtime, this.model, this.path, { ...this.settings, ...changes }, false);
  }

  /**
   * The same weights with adapters, as contexts of their own: the base and a tuned variant side by side without
   * loading the model twice. Disposing the variant frees its contexts only.
   */
  withAdapters(lora: string[], loraScale = 1): LocalModel {
    return this.variant({ lora, loraScale });
  }

  /** The same weights and settings in a context of its own, with cache reuse as given. */
  withCacheReuse(reuseCache: boolean): LocalModel {
    return this.variant({ reuseCache });
  }

  /**
   * The same weights and adapters with a context of `sequences` sequences, so that that many episodes decode in one
   * llama.cpp batch (bench attempts, a rollout's group). Disposing it frees its context only.
   */
  withSequences(sequences: number): LocalModel {
    return this.variant({ sequences: Math.max(1, sequences) });
  }

  /** The same weights and settings with speculative decoding as given. */
  withSpeculation(speculation: Speculation): LocalModel {
    return this.variant({ speculation });
  }

  /** Guesses checked so far on this model's sequences (all zero without speculation). */
  predictionStats(): PredictionStats {
    return this.allSequences.reduce(
      (sum, s) => ({ validated: sum.validated + s.tokenPredictions.validated, refuted: sum.refuted + s.tokenPredictions.refuted }),
      { validated: 0, refuted: 0 },
    );
  }

  /** The CPU threads it computes with: the runtime's, or one for a model too small to share a token's work. */
  get threads(): number {
    return this.runtime.threadsFor(this.model.fileInsights.totalParameters);
  }

  /** Where and how it is loaded, for the workbench's list of loaded models. */
  placement(): ModelPlacement {
    const memory = (usage: { ram: number; vram: number }): MemoryUse => ({ ram: usage.ram, vram: usage.vram });
    return {
      path: this.path,
      contextSize: this.contextSize,
      sequences: this.sequences,
      lora: [...this.settings.lora],
      gpuLayers: this.model.gpuLayers,
      gpu: this.runtime.llama.gpu,
      sizeBytes: this.model.size,
      weightsMemory: memory(this.model.memoryUsage),
      contextMemory: this.madeContext ? memory(this.madeContext.memoryUsage) : null,
    };
  }

  /**
   * Makes the context (KV cache and buffers for every sequence) now rather than at the first question, so that a
   * context too large for the machine fails when the model is loaded and its memory can be shown.
   */
  async prepare(): Promise<void> {
    await this.ensureContext();
  }

  static async load(runtime: ModelRuntime, options: LoadLocalModelOptions): Promise<LocalModel> {
    const model = await loadWeights(runtime, options);
    return new LocalModel(
      runtime,
      model,
      options.modelPath,
      {
        contextSize: Math.min(options.contextSize ?? DEFAULT_MAX_CONTEXT, model.trainContextSize),
        lora: options.lora ?? [],
        loraScale: options.loraScale ?? 1,
        sequences: Math.max(1, options.sequences ?? 1),
        chatWrapper: options.chatWrapper ?? 'auto',
        reuseCache: options.reuseCache ?? true,
        speculation: options.speculation ?? 'off',
        ...(options.draft ? { draft: options.draft } : {}),
      },
      true,
    );
  }

  /** Continues raw text (no chat template). As many calls run at once as the model has sequences; the rest wait. */
  complete(prompt: string, options: CompleteOptions = {}): Promise<Completion> {
    return this.withSequence(undefined, (sequence) => this.completeNow(sequence, prompt, options));
  }

  /**
   * The token ids greedy decoding writes after `prompt` (special tokens in it read as such), up to `maxTokens` or the
   * end of a turn (not included): what a trainer's own greedy decoding must equal, token for token (KOPA-Nano's check).
   */
  greedyTokens(prompt: string, maxTokens: number): Promise<number[]> {
    return this.withSequence(undefined, async (sequence) => {
      const out: number[] = [];
      for await (const token of sequence.evaluate(this.model.tokenize(prompt, true), { temperature: 0 })) {
        // The end of a turn ends generation and is not part of what was generated.
        if (this.model.isEogToken(token)) break;
        out.push(token);
        if (out.length >= maxTokens) break;
      }
      return out;
    });
  }

  /**
   * Runs `work` on a free sequence, returned to the pool afterwards. With an `opening` (a chat's) and cache reuse on,
   * the sequence that last served that opening is taken if free, and its state is kept: llama.cpp then evaluates only
   * what follows the prefix the new prompt shares with it. Otherwise the sequence is cleared first.
   */
  private async withSequence<T>(opening: string | undefined, work: (sequence: LlamaContextSequence) => Promise<T>): Promise<T> {
    if (this.disposed) throw saidError('Disposed', { message: 'error.modelUnloaded' });
    await this.ensureContext();
    const reuse = this.settings.reuseCache && opening !== undefined;
    const same = reuse ? this.free.findIndex((s) => this.openings.get(s) === opening) : -1;
    const sequence =
      (same >= 0 ? this.free.splice(same, 1)[0] : this.free.pop()) ??
      (await new Promise<LlamaContextSequence>((take) => this.waiting.push({ opening: reuse ? opening : undefined, take })));
    const run = (async () => {
      // Another conversation may still share the system prompt and tools: its state is kept, and only what differs is
      // evaluated again.
      if (!reuse) await sequence.clearHistory();
      if (opening !== undefined) this.openings.set(sequence, opening);
      else this.openings.delete(sequence);
      return work(sequence);
    })();
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
      // A waiting turn of the conversation this sequence holds goes first: its prefix is still evaluated there.
      const held = this.openings.get(sequence);
      const mine = held === undefined ? -1 : this.waiting.findIndex((w) => w.opening === held);
      const next = this.waiting.splice(Math.max(0, mine), 1)[0];
      if (next) next.take(sequence);
      else this.free.push(sequence);
    }
  }

  private async completeNow(sequence: LlamaContextSequence, prompt: string, options: CompleteOptions): Promise<Completion> {
    const before = sequence.tokenMeter.getState();
    const grammar = options.jsonSchema ? await this.runtime.llama.createGrammarForJsonSchema<GbnfJsonSchema>(options.jsonSchema) : undefined;
    const completion = new LlamaCompletion({ contextSequence: sequence });
    try {
      const { response: text, metadata } = await completion.generateCompletionWithMeta(prompt, {
        maxTokens: options.maxTokens ?? 256,
        temperature: options.temperature ?? 0,
        seed: options.seed,
        grammar,
        onTextChunk: options.onText,
        signal: options.signal,
      });
      const used = sequence.tokenMeter.diff(before);
      const stop = metadata.stopReason === 'maxTokens' ? 'maxTokens' : 'end';
      return {
        text,
        ...(grammar && stop === 'end' ? { json: grammar.parse(text) } : {}),
        stop,
        inputTokens: used.usedInputTokens,
        outputTokens: used.usedOutputTokens,
      };
    } catch (error) {
      if (options.signal?.aborted) throw saidError('Aborted', { message: 'error.generationCancelled' }, { cause: error });
      throw error;
    } finally {
      // A draft keeps drafting in the background with the generation's sampling callbacks; it stops before they go.
      sequence.tokenPredictor?.stop();
      completion.dispose({ disposeSequence: false });
    }
  }

  private ensureContext(): Promise<LlamaContext> {
    this.context ??= (async () => {
      const { lora, loraScale, speculation } = this.settings;
      const draftFile = draftOf(speculation);
      const draft = draftFile === undefined ? undefined : await this.draftContext(draftFile);
      const context = await this.model.createContext({
        contextSize: this.contextSize,
        sequences: this.sequences,
        threads: this.threads,
        ...(lora.length ? { lora: { adapters: lora.map((filePath) => ({ filePath, scale: loraScale })) } } : {}),
      });
      this.madeContext = context;
      for (let i = 0; i < this.sequences; i++) {
        // A predictor belongs to one sequence (node-llama-cpp's rule), and a draft sequence to one predictor. The draft
        // drafts without the repeat penalty: the generation's penalty callback may already be gone when it next runs.
        // Generation never waits for drafted tokens (minTokens 0): a draft slower than the model then costs nothing, and
        // in node-llama-cpp 3.21.1 a generation waiting for them can hang for good when a pushed token resets the draft
        // mid-step (the draft's loop ends on the abort without waking the waiter; seen under load in the test suite).
        const tokenPredictor =
          speculation === 'input-lookup'
            ? new InputLookupTokenPredictor()
            : draft
              ? new DraftSequenceTokenPredictor(draft.getSequence(), {
                  ...this.settings.draft,
                  minTokens: 0,
                  evaluateOptions: { repeatPenalty: { punishTokens: [] } },
                })
              : undefined;
        const sequence = context.getSequence(tokenPredictor ? { tokenPredictor } : {});
        this.allSequences.push(sequence);
        this.free.push(sequence);
      }
      return context;
    })();
    return this.context;
  }

  /**
   * The draft model's context, one sequence per sequence of this model's. A draft whose tokenizer splits text
   * otherwise would only ever guess wrong, so it is refused before anything is generated.
   */
  private async draftContext(file: string): Promise<LlamaContext> {
    const model = await loadWeights(this.runtime, { modelPath: file });
    try {
      const same = (m: LlamaModel): string => `${m.tokenize(VOCABULARY_PROBE).join(',')}|${m.tokens.bos}|${m.tokens.eos}`;
      if (same(model) !== same(this.model)) {
        throw saidError(
          'InvalidModelFile',
          { message: 'error.draftVocabulary', hint: 'error.draftVocabulary.hint', vars: { draft: file, model: this.path } },
          { details: { draft: file, model: this.path } },
        );
      }
      const context = await model.createContext({
        contextSize: this.contextSize,
        sequences: this.sequences,
        threads: this.runtime.threadsFor(model.fileInsights.totalParameters),
      });
      this.draft = { model, context };
      return context;
    } catch (error) {
      await model.dispose();
      throw error;
    }
  }

  /** The chat wrapper that writes this model's conversations (Qwen, JinjaTemplate, Gemma, Harmony, …). */
  chatWrapperName(): string {
    return this.format().support.wrapper;
  }

  /** The wrapper that writes this model's conversations and how it calls tools (chatFormat.ts). */
  chatFormat(): ChosenChatFormat {
    return this.format();
  }

  private format(): ChosenChatFormat {
    this.chosenFormat ??= chooseChatFormat({ model: this.model, file: this.path }, this.settings.chatWrapper);
    return this.chosenFormat;
  }

  /** How this model calls tools and why (chatFormat.ts). */
  toolCallSupport(): ToolCallSupport {
    return this.format().support;
  }

  /** "native" when the model's template has a tool-call syntax it was trained on, else "grammar". */
  toolCallMode(): ToolCallMode {
    return this.toolCallSupport().mode;
  }

  /** Whether the wrapper writes a thought segment: the family can think before it answers. */
  private thinks(): boolean {
    return this.format().wrapper.settings.segments?.thought !== undefined;
  }

  /** The model's own template, rendered in its thread; null where the file has none. */
  private templateRenderer(): TemplateRenderer | null {
    const { template } = this.format();
    this.renderer ??=
      template === undefined
        ? null
        : new TemplateRenderer(template, { bos: this.model.tokens.bosString ?? '', eos: this.model.tokens.eosString ?? '', model: path.basename(this.path) });
    return this.renderer;
  }

  /**
   * Whether this turn may think: a thinking family thinks where its setting says so, else where its template does by
   * default (Qwen3 yes; EXAONE 4.0 and Qwen3.5 no, as vLLM and transformers render them).
   */
  private thinksNow(thinking: ModelThinking): boolean {
    if (!this.thinks()) return false;
    if (thinking !== 'default') return thinking === 'on';
    return this.templateRenderer()?.thinksByDefault() ?? true;
  }

  /**
   * The wrapper for one turn: the prompt as the model's template renders it, with the offered tools' whole schemas
   * (also where the calls are read from text, `offered`, and node-llama-cpp is given no functions).
   */
  private turnWrapper(tools: ModelTool[], options: ChatOptions, offered?: ChatModelFunctions): ChatWrapper {
    const renderer = this.templateRenderer();
    const thinking = options.thinking ?? 'default';
    const turn: RenderTurn = { ...(options.now ? { moment: options.now } : {}), ...(thinking === 'default' ? {} : { thinking: thinking === 'on' }) };
    return faithfulWrapper(this.format().wrapper, {
      documentation: Object.fromEntries(tools.map((t) => [t.name, t.parameters])),
      ...(renderer ? { renderer } : {}),
      ...(offered ? { offered } : {}),
      turn,
    });
  }

  /** One agent turn over the conversation so far, on a free sequence (parallel episodes batch together). */
  chat(messages: ChatMessage[], options: ChatOptions): Promise<ModelTurn> {
    const opening = JSON.stringify([messages.slice(0, 2), (options.tools ?? []).map((t) => t.name)]);
    return this.withSequence(opening, (sequence) => this.chatNow(sequence, messages, options));
  }

  /**
   * What one turn is made of: native mode with function calling where the family has a syntax, else a grammar that
   * admits one call or a final answer ("required" in any mode: one call), the history as that mode writes it, and
   * the wrapper that renders it as the template does.
   */
  private turnPlan(messages: ChatMessage[], options: ChatOptions): TurnPlan {
    const tools = options.toolChoice === 'none' ? [] : options.tools;
    const mode = options.mode ?? this.toolCallMode();
    const thought = this.thinksNow(options.thinking ?? 'default')
      ? Math.min(options.thoughtTokens ?? DEFAULT_THOUGHT_TOKENS, Math.floor(this.contextSize / 4))
      : 0;
    if (mode === 'native' && tools.length > 0 && options.toolChoice !== 'required') {
      const functions: ChatModelFunctions = Object.fromEntries(
        tools.map((t) => [t.name, { description: t.description, params: paramsGrammar(t) as GbnfJsonSchema }]),
      );
      // Room for the largest call the tools admit, and for an answer in words, after the thinking.
      const budget = options.maxTokens ?? Math.max(DEFAULT_TURN_TOKENS, this.budgetFor(stepGrammar(tools, { allowFinal: false }))) + thought;
      const history = toNativeHistory(messages);
      if (this.toolCallSupport().reason === 'templateText')
        return { kind: 'text', tools, wrapper: this.turnWrapper(tools, options, functions), history, thought, budget };
      return { kind: 'functions', tools, wrapper: this.turnWrapper(tools, options), history, functions, thought, budget };
    }
    const allowFinal = options.toolChoice !== 'required' || tools.length === 0;
    const copy = options.copyArguments ?? this.format().copyArguments;
    const resultSemantics = Object.fromEntries(tools.flatMap((t) => (t.resultSemantics ? [[t.name, t.resultSemantics] as const] : [])));
    const choices = copy
      ? Object.fromEntries(tools.map((t) => [t.name, copyChoices(t, messages, { resultSemantics, ...(options.regions ? { regions: options.regions } : {}) })]))
      : undefined;
    const schema = stepGrammar(tools, { allowFinal, ...(choices ? { choices } : {}) });
    return {
      kind: 'grammar',
      tools,
      wrapper: this.turnWrapper(tools, options),
      history: mode === 'native' ? toNativeHistory(messages) : toGrammarHistory(messages, tools, this.format().toolPrompt),
      schema,
      // Copied values are among the strings the free grammar admits: its budget (kept per tool set) bounds them too.
      budget: options.maxTokens ?? this.budgetFor(stepGrammar(tools, { allowFinal })),
      thought,
    };
  }

  /**
   * The exact text a turn would put before the model (special tokens written out), without generating: for the
   * family tests against each template's own rendering, and for token counts.
   */
  /** How many tokens a turn would put before the model: what a turn evaluates where nothing is cached. */
  promptTokens(messages: ChatMessage[], options: ChatOptions): number {
    return this.planTokens(this.turnPlan(messages, options));
  }

  promptText(messages: ChatMessage[], options: ChatOptions): string {
    const plan = this.turnPlan(messages, options);
    const { contextText } = plan.wrapper.generateContextState({
      chatHistory: [...plan.history, { type: 'model', response: [] }],
      ...(plan.kind === 'functions' ? { availableFunctions: plan.functions } : {}),
    });
    return this.model.detokenize(contextText.tokenize(this.model.tokenizer), true);
  }

  /** Tokens of the text a plan's turn puts before the model for `history` (the plan's own, or a trimmed one). */
  private planTokens(plan: TurnPlan, history: readonly ChatHistoryItem[] = plan.history): number {
    return this.planTokenList(plan, history).length;
  }

  private planTokenList(plan: TurnPlan, history: readonly ChatHistoryItem[] = plan.history): Token[] {
    const { contextText } = plan.wrapper.generateContextState({
      chatHistory: [...history, { type: 'model', response: [] }],
      ...(plan.kind === 'functions' ? { availableFunctions: plan.functions } : {}),
    });
    return contextText.tokenize(this.model.tokenizer);
  }

  /**
   * A prompt the context cannot hold even with every result's rows given up is refused before anything is generated,
   * saying how large it is (node-llama-cpp would fail mid-turn with its own words). Returns the prompt's tokens, and the
   * turn's budget held to what fits: the context's free room as it stands, or, past it, what a context shift can always
   * make room for (the prompt trimmed as far as the policy goes, plus the words written so far, under the context less
   * the shift). Beyond that node-llama-cpp warns and falls back to erasing whole turns, shift after shift.
   */
  private requireRoom(plan: TurnPlan): { promptTokens: number; budget: number } {
    const needed = this.planTokens(plan);
    if (needed + plan.budget <= this.contextSize) return { promptTokens: needed, budget: plan.budget };
    const count = (history: ChatHistoryItem[]): number => this.planTokens(plan, history);
    const least = count(fitHistory(plan.history, 0, count).history);
    if (least >= this.contextSize) throw this.promptTooLong(least);
    // The token being evaluated when the shift comes is counted with the shift.
    const afterShift = this.contextSize - shiftSize(this.contextSize) - 1 - least;
    return { promptTokens: needed, budget: Math.max(1, Math.min(plan.budget, Math.max(this.contextSize - needed, afterShift))) };
  }

  private promptTooLong(needed: number, cause?: unknown): KopaError {
    return saidError(
      'InvalidRequest',
      { message: 'error.promptTooLong', hint: 'error.promptTooLong.hint', vars: { model: path.basename(this.path), needed, context: this.contextSize } },
      cause === undefined ? {} : { cause },
    );
  }

  private async chatNow(sequence: LlamaContextSequence, messages: ChatMessage[], options: ChatOptions): Promise<ModelTurn> {
    const before = sequence.tokenMeter.getState();
    const plan = this.turnPlan(messages, options);
    const { promptTokens, budget } = this.requireRoom(plan);
    const stopWatching = options.onProgress ? watchProgress(sequence, this.planTokenList(plan), before, options.onProgress) : undefined;
    const chat = new LlamaChat({ contextSequence: sequence, chatWrapper: plan.wrapper });
    // A conversation that outgrows the context gives up old results' rows first, and says so (contextPolicy.ts).
    const trimmed = { results: 0, items: 0 };
    const contextShift = { size: shiftSize(this.contextSize), strategy: trimmingResults(plan, trimmed) };
    const common = {
      temperature: options.temperature ?? 0,
      seed: options.seed,
      signal: options.signal,
      stopOnAbortSignal: true,
      contextShift,
      maxTokens: budget,
    };
    try {
      let turn: Pick<ModelTurn, 'text' | 'toolCalls' | 'stop' | 'thinking'>;
      // A family that can think is held to the turn's budget; one that may not think this turn, to none.
      const thoughtBudget = this.thinks() ? { budgets: { thoughtTokens: plan.thought } } : {};
      if (plan.kind === 'functions') {
        // The parameters as written arrive as text chunks; the parsed params lose 15.0 against 15.
        const written = new WrittenCalls();
        const res = await chat.generateResponse(plan.history, {
          ...common,
          onTextChunk: options.onText,
          functions: plan.functions,
          ...thoughtBudget,
          onFunctionCallParamsChunk: (chunk) => written.add(chunk),
        });
        turn = this.nativeTurn(res, plan.tools, messages.length, written);
      } else if (plan.kind === 'text') {
        const res = await chat.generateResponse(plan.history, {
          ...common,
          onTextChunk: options.onText,
          ...thoughtBudget,
        });
        turn = this.nativeTurn({ ...res, functionCalls: [] }, plan.tools, messages.length, new WrittenCalls());
      } else {
        turn = await grammarTurn(this.runtime.llama, chat, plan, {
          common,
          thoughtSuffix: this.format().wrapper.settings.segments?.thought?.suffix,
          index: messages.length,
          ...(options.onText ? { onText: options.onText } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      }
      const used = sequence.tokenMeter.diff(before);
      return {
        ...turn,
        usage: turnUsage(promptTokens, used, trimmed.results + trimmed.items > 0),
        budget,
        ...(trimmed.results + trimmed.items > 0 ? { trimmed } : {}),
      };
    } catch (error) {
      // A turn whose prompt fit but left no room to answer: the same error, never node-llama-cpp's words.
      if (error instanceof Error && /context size is too small/.test(error.message)) throw this.promptTooLong(this.planTokens(plan), error);
      throw error;
    } finally {
      stopWatching?.();
      sequence.tokenPredictor?.stop();
      chat.dispose({ disposeSequence: false });
    }
  }

  /**
   * A native turn: the calls the wrapper read, else calls written in the text in a syntax it did not expect (read by
   * toolCallParser.ts rather than shown as the answer); the thinking apart from the answer. A turn that ended
   * inside its thinking has neither a call nor an answer, and reports the budget as its stop.
   */
  private nativeTurn(
    res: Pick<LlamaChatResponse<ChatModelFunctions>, 'response' | 'fullResponse' | 'functionCalls' | 'metadata'>,
    tools: ModelTool[],
    at: number,
    written: WrittenCalls,
  ): Pick<ModelTurn, 'text' | 'toolCalls' | 'stop' | 'thinking'> {
    const thoughts = res.fullResponse.filter((part) => typeof part !== 'string' && part.segmentType === 'thought');
    const segmentThinking = thoughts
      .map((part) => (typeof part === 'string' ? '' : part.text.trim()))
      .filter((t) => t !== '')
      .join('\n\n');
    const unfinished = thoughts.some((part) => typeof part !== 'string' && !part.ended);
    let stop = stopOf(res);
    if (res.functionCalls?.length) {
      const toolCalls = res.functionCalls.map((c, i) => {
        const tool = tools.find((t) => t.name === c.functionName);
        return {
          id: `call_${at}_${i + 1}`,
          name: c.functionName,
          arguments: givenArguments(tool, (c.params ?? {}) as Record<string, unknown>),
          ...givenRaw(tool, written.arguments(i)),
        };
      });
      return { text: res.response, toolCalls, stop, ...(segmentThinking ? { thinking: segmentThinking } : {}) };
    }
    const parsed = parseToolCalls(res.response, { tools });
    const thinking = [segmentThinking, parsed.thinking ?? ''].filter((t) => t !== '').join('\n\n');
    if (unfinished || parsed.unfinishedThinking) stop = stop === 'abort' ? 'abort' : 'maxTokens';
    const toolCalls = parsed.calls.map((c, i) => ({
      id: `call_${at}_${i + 1}`,
      name: c.name,
      arguments: c.arguments,
      ...(c.rawArguments ? { rawArguments: c.rawArguments } : {}),
    }));
    return { text: parsed.text, toolCalls, stop: toolCalls.length > 0 ? 'toolCalls' : stop, ...(thinking ? { thinking } : {}) };
  }

  /**
   * A grammar's step budget (stepBudget.ts) in this model's tokens, computed once per grammar; at most half the
   * context, which must still hold the conversation.
   */
  private budgetFor(schema: GrammarSchema): number {
    const key = JSON.stringify(schema);
    let budget = this.budgets.get(key);
    if (budget === undefined) {
      budget = Math.min(
        stepBudget(schema, (text) => this.model.tokenize(text).length),
        Math.floor(this.contextSize / 2),
      );
      this.budgets.set(key, budget);
    }
    return budget;
  }

  /** Frees the context and the model; the runtime stays. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await Promise.allSettled([...this.running]);
    if (this.context) await (await this.context.catch(() => undefined))?.dispose();
    if (this.draft) {
      await this.draft.context.dispose();
      await this.draft.model.dispose();
    }
    await this.renderer?.dispose();
    if (this.ownsModel) await this.model.dispose();
  }
}
