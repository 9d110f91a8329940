// A chat wrapper that writes a conversation as the model's template wrote its training data, where node-llama-cpp's
// own rendering differs:
//
// 1. The prompt of a new turn is the template's own rendering (templateRenderer.ts), where the model has a template.
// 2. Tool documentation. The `params` node-llama-cpp is given for a function are also the grammar that holds the
//    call's arguments (every parameter listed, an optional one nullable: grammarSchema.ts). The template shows the
//    tool as the training data did: its whole schema with every description. The documentation is swapped in when
//    the context is written; the grammar stays as it is.
// 3. Tool results. Where node-llama-cpp writes the context itself (a model without a template; a turn it renders
//    again mid-generation), it JSON-encodes a result, so a string gains quotes and escapes: the result view's text
//    is put back as it is.
//
// node-llama-cpp's LlamaChat asks a wrapper only for its settings, its name and generateContextState (checked in
// 3.21.1), so the wrapper is the resolved one with generateContextState replaced; everything but the context text
// (stop triggers, function-call detection) stays the wrapper's.
import type { ChatHistoryItem, ChatModelFunctions, ChatWrapper, ChatWrapperGenerateContextStateOptions, LlamaText } from 'node-llama-cpp';
import type { RenderTurn, TemplateRenderer } from './templateRenderer.ts';

export interface FaithfulOptions {
  /** The schema each offered function's documentation shows, by function name. */
  documentation: Record<string, Record<string, unknown>>;
  /** The model's own template, where it has one. */
  renderer?: TemplateRenderer;
  /**
   * Tools the template renders although node-llama-cpp is given no functions (calls read from the text the model
   * writes: the "templateText" way, chatFormat.ts).
   */
  offered?: ChatModelFunctions;
  /** The episode's moment and the model's thinking, as the template is told them. */
  turn?: RenderTurn;
}

/** The tool results (string results of function calls) in a history. */
function resultTexts(history: readonly ChatHistoryItem[]): string[] {
  const texts: string[] = [];
  for (const item of history) {
    if (item.type !== 'model') continue;
    for (const part of item.response) if (typeof part === 'object' && part.type === 'functionCall' && typeof part.result === 'string') texts.push(part.result);
  }
  return texts;
}

/** Puts each result back as its text where node-llama-cpp wrote it JSON-encoded. */
function exactResults(text: LlamaText, results: string[]): LlamaText {
  const forms = results.filter((s) => s !== '').map((s) => ({ encoded: JSON.stringify(s), text: s }));
  if (forms.length === 0) return text;
  return text.mapValues((value) => (typeof value === 'string' ? forms.reduce((out, f) => out.split(f.encoded).join(f.text), value) : value));
}

function documented(functions: ChatModelFunctions | undefined, documentation: FaithfulOptions['documentation']): ChatModelFunctions | undefined {
  if (!functions) return functions;
  return Object.fromEntries(
    Object.entries(functions).map(([name, fn]) => [name, documentation[name] ? { ...fn, params: documentation[name] as typeof fn.params } : fn]),
  );
}

export function faithfulWrapper(wrapper: ChatWrapper, options: FaithfulOptions): ChatWrapper {
  const faithful = Object.create(wrapper) as ChatWrapper;
  faithful.generateContextState = (state: ChatWrapperGenerateContextStateOptions) => {
    const availableFunctions = documented(state.availableFunctions ?? options.offered, options.documentation);
    const generated = wrapper.generateContextState({ ...state, availableFunctions });
    const rendered = options.renderer?.render(state.chatHistory, availableFunctions, options.turn);
    return { ...generated, contextText: rendered ?? exactResults(generated.contextText, resultTexts(state.chatHistory)) };
  };
  return faithful;
}
