// Mistral's chat format from tokenizer v11 on (Mistral Small 3.2 2506, Magistral, Devstral, Ministral 3), which
// node-llama-cpp 3.21.1 cannot express: its Mistral wrapper writes v3's [TOOL_CALLS][{json}], and the Jinja wrapper
// cannot read a call syntax out of these templates (it falls back to its own "||call:"). Written as the community
// template of Mistral Small 3.2 (test/fixtures/chatTemplates/mistral-small-3.2-instruct-2506.jinja) renders it:
//
//   <s>[SYSTEM_PROMPT]…[/SYSTEM_PROMPT][AVAILABLE_TOOLS][{…}][/AVAILABLE_TOOLS][INST]question[/INST]
//   [TOOL_CALLS]name[CALL_ID]abcdef123[ARGS]{…}</s>[TOOL_RESULTS]abcdef123[TOOL_CONTENT]result[/TOOL_RESULTS]answer</s>
//
// The tools go before the last question, as the template puts them. The model writes a call as
// [TOOL_CALLS]name[ARGS]{…} (mistral-common's generation grammar has no [CALL_ID]; llama.cpp and vLLM parse it so).
import { createHash } from 'node:crypto';
import {
  ChatWrapper,
  jsonDumps,
  LlamaText,
  SpecialToken,
  SpecialTokensText,
  type ChatHistoryItem,
  type ChatModelFunctions,
  type ChatModelResponse,
  type ChatWrapperGenerateContextStateOptions,
  type ChatWrapperGeneratedContextState,
  type ChatWrapperSettings,
} from 'node-llama-cpp';

/** A call's id as the template requires it (nine letters and digits), the same for the same call. */
export function mistralCallId(name: string, params: unknown): string {
  return createHash('sha256')
    .update(`${name}\u0000${jsonDumps(params ?? {})}`)
    .digest('hex')
    .slice(0, 9);
}

const token = (text: string): SpecialTokensText => new SpecialTokensText(text);

export class MistralArgsChatWrapper extends ChatWrapper {
  override readonly wrapperName = 'Mistral [ARGS]';
  override readonly settings: ChatWrapperSettings = {
    ...ChatWrapper.defaultSettings,
    supportsSystemMessages: true,
    functions: {
      call: {
        optionalPrefixSpace: true,
        prefix: LlamaText(token('[TOOL_CALLS]')),
        paramsPrefix: LlamaText(token('[ARGS]')),
        suffix: '',
        emptyCallParamsPlaceholder: {},
      },
      result: { prefix: LlamaText(token('[TOOL_RESULTS]')), suffix: LlamaText(token('[/TOOL_RESULTS]')) },
      parallelism: {
        call: { sectionPrefix: '', betweenCalls: '', sectionSuffix: LlamaText(new SpecialToken('EOS')) },
        result: { sectionPrefix: '', betweenResults: '', sectionSuffix: '' },
      },
    },
    segments: {},
  };

  /** A call as the template writes one in the history, with its id. */
  override generateFunctionCall(name: string, params: unknown): LlamaText {
    return LlamaText([token('[TOOL_CALLS]'), name, token('[CALL_ID]'), mistralCallId(name, params), token('[ARGS]'), jsonDumps(params ?? {})]);
  }

  /** A result under its call's id; a text result as it is (the template writes `content|string`). */
  override generateFunctionCallResult(name: string, params: unknown, result: unknown): LlamaText {
    const content = typeof result === 'string' ? result : result === undefined ? '' : jsonDumps(result);
    return LlamaText([token('[TOOL_RESULTS]'), mistralCallId(name, params), token('[TOOL_CONTENT]'), content, token('[/TOOL_RESULTS]')]);
  }

  /** The tools are written in the history (before the last question), never as a system message. */
  override addAvailableFunctionsSystemMessageToHistory(history: readonly ChatHistoryItem[]): readonly ChatHistoryItem[] {
    return history;
  }

  override generateContextState({
    chatHistory,
    availableFunctions,
    documentFunctionParams,
  }: ChatWrapperGenerateContextStateOptions): ChatWrapperGeneratedContextState {
    const tools = toolsJson(availableFunctions, documentFunctionParams ?? true);
    const lastUser = chatHistory.map((item) => item.type).lastIndexOf('user');
    const parts: LlamaText[] = [LlamaText(new SpecialToken('BOS'))];
    chatHistory.forEach((item, index) => {
      if (item.type === 'system') parts.push(LlamaText([token('[SYSTEM_PROMPT]'), LlamaText.fromJSON(item.text), token('[/SYSTEM_PROMPT]')]));
      else if (item.type === 'user') {
        if (index === lastUser && tools !== null) parts.push(LlamaText([token('[AVAILABLE_TOOLS]'), tools, token('[/AVAILABLE_TOOLS]')]));
        parts.push(LlamaText([token('[INST]'), item.text, token('[/INST]')]));
      } else {
        const last = index === chatHistory.length - 1;
        parts.push(this.modelTurn(item.response, last));
      }
    });
    return { contextText: LlamaText(parts), stopGenerationTriggers: [LlamaText(new SpecialToken('EOS')), LlamaText('</s>')] };
  }

  /** A model turn: its text, its calls (then </s> and their results), and </s> at its end unless it is being written. */
  private modelTurn(response: ChatModelResponse['response'], last: boolean): LlamaText {
    const text = this.generateModelResponseText(response.filter((part) => typeof part === 'string' || part.type === 'functionCall'));
    const tail = response.at(-1);
    const endsWithCalls = tail !== undefined && typeof tail !== 'string' && tail.type === 'functionCall';
    // After results the turn goes on without a marker; a turn that ended on its results has nothing more to close.
    return LlamaText([text, last || endsWithCalls ? '' : new SpecialToken('EOS')]);
  }
}

/** The offered functions as the template's `tools|tojson`: [{"type": "function", "function": {…}}, …]. */
function toolsJson(functions: ChatModelFunctions | undefined, documentParams: boolean): string | null {
  const entries = Object.entries(functions ?? {});
  if (entries.length === 0) return null;
  return jsonDumps(
    entries.map(([name, fn]) => ({
      type: 'function',
      function: {
        name,
        ...(fn.description ? { description: fn.description } : {}),
        parameters: documentParams ? (fn.params ?? { type: 'object', properties: {} }) : stripDescriptions(fn.params),
      },
    })),
  );
}

function stripDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripDescriptions);
  if (!schema || typeof schema !== 'object') return schema ?? { type: 'object', properties: {} };
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== 'description')
      .map(([k, v]) => [k, stripDescriptions(v)]),
  );
}
