// Which chat wrapper writes a model's conversations and whether it calls tools in the family's own syntax: one
// decision, made the same way for a loaded model (the agent) and for a file's header (`kopa models inspect`, the
// model card). node-llama-cpp resolves a wrapper from the GGUF's template; this decides by the wrapper's class —
// never by its display name — and, for the Jinja wrapper, by whether node-llama-cpp actually read a call syntax out of
// the template (where it cannot, it falls back to its own "||call:" format, which no model was trained on).
// Templates the bundled Jinja interpreter renders wrongly are patched first (templatePatches.ts), and Mistral's
// [TOOL_CALLS]name[ARGS] format, which no node-llama-cpp wrapper writes, gets KOPA Studio's wrapper.
import { statSync } from 'node:fs';
import path from 'node:path';
import { toolPromptStyles, type ToolPromptStyle } from '../../main/core/agent/toolPrompt.ts';
import { resultRowForms, type ResultRowForm } from '../../main/core/resultView/resultView.ts';
import type { ChatWrapper } from 'node-llama-cpp';
import {
  DeepSeekChatWrapper,
  FunctionaryChatWrapper,
  GeneralChatWrapper,
  Gemma4ChatWrapper,
  HarmonyChatWrapper,
  JinjaTemplateChatWrapper,
  Llama3_1ChatWrapper,
  Llama3_2LightweightChatWrapper,
  MistralChatWrapper,
  QwenChatWrapper,
  resolveChatWrapper,
  SeedChatWrapper,
  LlamaText,
  type GgufFileInfo,
  type LlamaModel,
} from 'node-llama-cpp';
import type { ToolCallSupport } from '../../main/core/models/toolCalling.ts';
import { jinjaFailure, nameTemplate, retryTemplate } from './boundedJinja.ts';
import { patchTemplate } from './templatePatches.ts';
import { MistralArgsChatWrapper } from './wrappers/MistralArgsChatWrapper.ts';

/** How conversations are written: node-llama-cpp's wrapper for the family, or the GGUF's own Jinja template. */
export type ChatWrapperChoice = 'auto' | 'jinja';

/** node-llama-cpp's wrappers whose models were trained on the tool syntax the wrapper writes. */
const FAMILY_WRAPPERS: (abstract new (...args: never[]) => ChatWrapper)[] = [
  QwenChatWrapper,
  Llama3_1ChatWrapper,
  Llama3_2LightweightChatWrapper,
  MistralChatWrapper,
  FunctionaryChatWrapper,
  Gemma4ChatWrapper,
  DeepSeekChatWrapper,
  HarmonyChatWrapper,
  SeedChatWrapper,
];

/**
 * Whether node-llama-cpp would hold calls to a form of the syntax the model was not trained on: it wraps all the
 * arguments into one parameter (Qwen3.5's <parameter=params>{json}, where the model writes <parameter=solYear>…).
 */
function wrapsArguments(wrapper: ChatWrapper): boolean {
  if (wrapper instanceof QwenChatWrapper) return wrapper.variation !== '3';
  return (
    wrapper instanceof JinjaTemplateChatWrapper &&
    (wrapper as unknown as { _wrapFunctionParamsInsideMapKey?: string })._wrapFunctionParamsInsideMapKey !== undefined
  );
}

/** Templates in Mistral's v11+ format: calls as [TOOL_CALLS]name[ARGS]{…}. */
const writesMistralArgs = (template: string): boolean => template.includes('[TOOL_CALLS]') && template.includes('[ARGS]');

export interface ChosenChatFormat {
  wrapper: ChatWrapper;
  support: ToolCallSupport;
  /** The chat template the model's conversations follow (patched where a patch applied), when the file has one. */
  template?: string;
  /** How grammar mode writes the tools into its prompt: the form the model was trained on (GGUF kopa.tool_prompt). */
  toolPrompt: ToolPromptStyle;
  /** The result view's token budget the model was trained on (GGUF kopa.result_tokens), where it records one. */
  resultTokens?: number;
  /** How the result view writes rows for it, where it was trained on a form (GGUF kopa.result_rows). */
  resultRows?: ResultRowForm;
  /** Whether grammar mode holds copied values to the question's and results' (GGUF kopa.copy_arguments). */
  copyArguments: boolean;
}

/** The GGUF key a model trained on one form of the tools' prompt records it under (KOPA-Nano: "compact"). */
export const TOOL_PROMPT_KEY = 'kopa.tool_prompt';

/** What a model trained by KOPA Studio records of the prompt it was trained on (GGUF kopa.*). */
function trainedPrompt(source: ChatFormatSource): Pick<ChosenChatFormat, 'toolPrompt' | 'resultTokens' | 'resultRows' | 'copyArguments'> {
  const info = 'model' in source ? source.model.fileInfo : source.fileInfo;
  const kopa = (info.metadata as unknown as { kopa?: { tool_prompt?: unknown; result_tokens?: unknown; result_rows?: unknown; copy_arguments?: unknown } })
    .kopa;
  const rows = resultRowForms.find((f) => f === kopa?.result_rows);
  const budget = kopa?.result_tokens;
  return {
    toolPrompt: toolPromptStyles.find((s) => s === kopa?.tool_prompt) ?? 'full',
    copyArguments: kopa?.copy_arguments === true,
    ...(typeof budget === 'number' && Number.isInteger(budget) && budget > 0 ? { resultTokens: budget } : {}),
    ...(rows ? { resultRows: rows } : {}),
  };
}

/**
 * What the choice is made from: a loaded model (its tokenizer refines node-llama-cpp's match) and the file it was
 * loaded from, or a file's header.
 */
export type ChatFormatSource = { model: LlamaModel; file: string } | { fileInfo: GgufFileInfo; filename: string };

function templateOf(source: ChatFormatSource): string | undefined {
  const info = 'model' in source ? source.model.fileInfo : source.fileInfo;
  const template = info.metadata.tokenizer?.chat_template;
  return typeof template === 'string' && template.trim() !== '' ? template : undefined;
}

function resolve(source: ChatFormatSource, choice: ChatWrapperChoice, template: string | undefined): ChatWrapper {
  const customWrapperSettings = template !== undefined ? { jinjaTemplate: { template } } : undefined;
  const options = {
    ...(choice === 'jinja' ? { type: 'jinjaTemplate' as const } : {}),
    ...(customWrapperSettings ? { customWrapperSettings } : {}),
    warningLogs: false,
  };
  // A model without a template of its own has no Jinja wrapper: node-llama-cpp keeps the one of its family.
  if ('model' in source) return resolveChatWrapper(source.model, options);
  return (
    resolveChatWrapper({ fileInfo: source.fileInfo, filename: source.filename, ...options }) ??
    resolveChatWrapper({ fileInfo: source.fileInfo, filename: source.filename, warningLogs: false }) ??
    new GeneralChatWrapper()
  );
}

/**
 * Wrappers resolved for files, kept for the next load or inspection of the same file: node-llama-cpp finds a Jinja
 * template's call syntax and compares it with each family's wrapper by rendering it thousands of times (4 to 9 s for a
 * Qwen3 or Mistral Small template on a 2-core machine), and a wrapper keeps nothing of the model it was resolved for
 * once built, as a loaded model already shares one wrapper among its turns and sequences.
 */
const resolved = new Map<string, ChatWrapper>();
/** Files whose wrappers are kept at once; the least recently used one goes first. */
const RESOLVED_KEPT = 16;

/** The same bytes resolve alike: a file is known by its path, size and modification time, and by what is asked. */
function resolvedKey(source: ChatFormatSource, choice: ChatWrapperChoice): string | undefined {
  const file = 'model' in source ? source.file : source.filename;
  try {
    const { size, mtimeMs } = statSync(file);
    // A loaded model's tokenizer refines the match; a header has none, so the two are kept apart.
    return JSON.stringify(['model' in source ? 'model' : 'header', path.resolve(file), size, mtimeMs, choice]);
  } catch {
    return undefined;
  }
}

/** Kept as the most recently used (a wrapper whose template broke its bounds is never kept: it is refused first). */
function keepResolved(key: string | undefined, wrapper: ChatWrapper): void {
  if (key === undefined) return;
  resolved.delete(key);
  resolved.set(key, wrapper);
  for (const old of resolved.keys()) {
    if (resolved.size <= RESOLVED_KEPT) break;
    resolved.delete(old);
  }
}

/**
 * node-llama-cpp's Llama 3.1 wrappers write calls as <function=NAME>{…}</function>, a form Meta's template never shows
 * the model: it asks for {"name", "parameters"} (and <|python_tag|> for built-in tools). A file that carries that
 * template is met on it, as the prompt is (faithfulWrapper.ts), so the calls held and read are the ones it asks for.
 */
const WRAPPERS_BESIDE_THEIR_TEMPLATE: (abstract new (...args: never[]) => ChatWrapper)[] = [Llama3_1ChatWrapper, Llama3_2LightweightChatWrapper];

function resolveFaithful(source: ChatFormatSource, choice: ChatWrapperChoice, hasTemplate: boolean, patched: string | undefined): ChatWrapper {
  const wrapper = resolve(source, choice, patched);
  if (!hasTemplate || !WRAPPERS_BESIDE_THEIR_TEMPLATE.some((Wrapper) => wrapper instanceof Wrapper)) return wrapper;
  return resolve(source, 'jinja', patched);
}

export function chooseChatFormat(source: ChatFormatSource, choice: ChatWrapperChoice = 'auto'): ChosenChatFormat {
  const original = templateOf(source);
  const { template, patches } = original === undefined ? { template: undefined, patches: [] } : patchTemplate(original);
  const name = path.basename('model' in source ? source.file : source.filename) || 'this model';
  for (const text of [original, template])
    if (text !== undefined) {
      nameTemplate(text, name);
      retryTemplate(text);
    }
  const key = resolvedKey(source, choice);
  const wrapper =
    (key === undefined ? undefined : resolved.get(key)) ?? resolveFaithful(source, choice, original !== undefined, patches.length > 0 ? template : undefined);
  // node-llama-cpp falls back to another wrapper when the Jinja one fails; a template that broke its bounds is refused.
  const failed = [original, template].map((text) => (text === undefined ? undefined : jinjaFailure(text))).find(Boolean);
  if (failed) throw failed;
  keepResolved(key, wrapper);
  const trained = trainedPrompt(source);
  const chosen = (chosenWrapper: ChatWrapper, mode: ToolCallSupport['mode'], reason: ToolCallSupport['reason']): ChosenChatFormat => ({
    wrapper: chosenWrapper,
    support: { mode, wrapper: chosenWrapper.wrapperName, reason, patches },
    ...(template !== undefined ? { template } : {}),
    ...trained,
  });
  if (wrapsArguments(wrapper)) return chosen(wrapper, 'native', 'templateText');
  if (FAMILY_WRAPPERS.some((Wrapper) => wrapper instanceof Wrapper)) return chosen(wrapper, 'native', 'familyWrapper');
  if (wrapper instanceof JinjaTemplateChatWrapper && wrapper.usingJinjaFunctionCallTemplate) return chosen(wrapper, 'native', 'templateSyntax');
  if (template !== undefined && writesMistralArgs(template)) return chosen(new MistralArgsChatWrapper(), 'native', 'kopaWrapper');
  return chosen(wrapper, 'grammar', 'noToolSyntax');
}

/** The text around a call that node-llama-cpp detects and holds to the call's grammar, for a wrapper's native syntax. */
export function callSyntax(wrapper: ChatWrapper): { prefix: string; paramsPrefix: string; suffix: string } {
  const call = wrapper.settings.functions.call;
  return { prefix: LlamaText(call.prefix).toString(), paramsPrefix: LlamaText(call.paramsPrefix).toString(), suffix: LlamaText(call.suffix).toString() };
}
