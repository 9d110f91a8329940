// A turn in grammar mode: the model writes one JSON step (a call or the final answer) that a grammar built from the
// offered tools holds; a thinking family may think first, within its budget (thinkFirst.ts).
import { LlamaText, type ChatHistoryItem, type GbnfJsonSchema, type LLamaChatGenerateResponseOptions, type Llama, type LlamaChat } from 'node-llama-cpp';
import { givenArguments, type GrammarSchema } from '../../../main/core/agent/grammarSchema.ts';
import { finalAnswerStream } from '../../../main/core/agent/answerStream.ts';
import type { ModelTool, ModelTurn } from '../../../main/core/agent/types.ts';
import { afterThought, thinkFirst } from '../thinkFirst.ts';
import { givenRaw, parseStep, partialFinalAnswer, stopOf } from './turnOutput.ts';

export interface GrammarTurnPlan {
  tools: ModelTool[];
  history: ChatHistoryItem[];
  schema: GrammarSchema;
  /** Tokens the family may think before the grammar holds the rest (0: none). */
  thought: number;
}

export interface GrammarTurnOptions {
  /** The generation settings every request of the turn shares (sampling, budget, context shift, abort). */
  common: Pick<LLamaChatGenerateResponseOptions<undefined>, 'temperature' | 'seed' | 'signal' | 'stopOnAbortSignal' | 'contextShift' | 'maxTokens'>;
  /** The family's end-of-thought text, where it has one. */
  thoughtSuffix: string | LlamaText | undefined;
  /** Messages before this turn: calls are numbered after them. */
  index: number;
  onText?: (text: string) => void;
  signal?: AbortSignal;
}

export async function grammarTurn(
  llama: Llama,
  chat: LlamaChat,
  plan: GrammarTurnPlan,
  options: GrammarTurnOptions,
): Promise<Pick<ModelTurn, 'text' | 'toolCalls' | 'stop' | 'thinking'>> {
  const { common, thoughtSuffix } = options;
  const grammar = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(plan.schema as GbnfJsonSchema);
  // The raw chunks are JSON; whoever watches (a terminal, the chat view) gets a final answer's words only.
  const onTextChunk = options.onText ? finalAnswerStream(options.onText) : undefined;
  const thought =
    plan.thought > 0 && thoughtSuffix !== undefined
      ? await thinkFirst((history, request) => chat.generateResponse(history, { ...common, ...request }), plan.history, {
          thoughtTokens: plan.thought,
          suffix: LlamaText(thoughtSuffix).toJSON(),
          ...(options.signal ? { signal: options.signal } : {}),
        })
      : undefined;
  const history = thought ? afterThought(plan.history, thought) : plan.history;
  const thinking = thought ? { thinking: thought.text.trim() } : {};
  const res = await chat.generateResponse(history, { ...common, grammar, onTextChunk });
  const stop = stopOf(res);
  const parsed = stop === 'end' ? parseStep(res.response) : undefined;
  const tool = plan.tools.find((t) => t.name === parsed?.tool);
  if (!parsed?.tool) return { text: parsed?.final_answer ?? partialFinalAnswer(res.response), toolCalls: [], stop, ...thinking };
  return {
    text: '',
    toolCalls: [
      {
        id: `call_${options.index}_1`,
        name: parsed.tool,
        arguments: givenArguments(tool, parsed.arguments ?? {}),
        ...givenRaw(tool, parsed.rawArguments),
      },
    ],
    stop: 'toolCalls',
    ...thinking,
  };
}
