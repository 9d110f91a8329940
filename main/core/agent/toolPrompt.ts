// The offered tools written into the system prompt, for models whose template has no tool syntax (grammar mode:
// Gemma, EXAONE 3.5, plain ChatML). Without it such a model only ever guessed: the JSON grammar forced a tool name
// and argument keys, and nothing said what a tool does or what a value must look like. One compact form, the same
// in chat, evaluation, rollouts and the training exports of such families (grammarConversation.ts):
//
//   # 도구
//   (how to call: one JSON object {"tool": …, "arguments": {…}}, results come back as "tool: result", the answer
//   committed with the final_answer tool, listed last; where none is offered, as in BFCL, {"final_answer": …})
//
//   ## kasi_getRestDeInfo
//   특일 정보: …
//   - solYear (필수, 문자열, 숫자 4자리): 연도 YYYY
//   - solMonth (필수, 문자열, 숫자 2자리): 월 MM
//   예: {"tool": "kasi_getRestDeInfo", "arguments": {"solYear": "2025", "solMonth": "05"}}
//
// Each tool lists the parameters its grammar step has the model write (grammarParameters), in the order it writes
// them; an optional one it does not need it writes as null. Catalog tools are described in Korean; tools described without Hangul (BFCL's) get the
// same form in English.
import { grammarArguments, grammarParameters } from './grammarSchema.ts';
import type { ModelTool } from './types.ts';
import { isAnswerCall } from '../answer/answerTool.ts';

type Language = 'ko' | 'en';

const WORDS = {
  ko: {
    title: '# 도구',
    intro:
      '다음 도구를 부를 수 있습니다. 도구를 부를 때는 다른 말 없이 JSON 하나만 씁니다: {"tool": "도구 이름", "arguments": {"인자": 값}}. 결과는 "도구 이름: 결과" 형식의 메시지로 돌아옵니다. 답할 때는 {"final_answer": "답"}만 씁니다.',
    answerIntro:
      '다음 도구를 부를 수 있습니다. 도구를 부를 때는 다른 말 없이 JSON 하나만 씁니다: {"tool": "도구 이름", "arguments": {"인자": 값}}. 결과는 "도구 이름: 결과" 형식의 메시지로 돌아옵니다. 답은 final_answer 도구로 확정합니다.',
    required: '필수',
    optional: '선택, 안 쓰면 null',
    example: '예',
    values: '값',
    defaultValue: '기본',
    digits: (n: string) => `숫자 ${n}자리`,
    length: (n: string) => `${n}자`,
    types: { string: '문자열', integer: '정수', number: '수', boolean: 'true/false', array: '목록', object: '객체' } as Record<string, string>,
  },
  en: {
    title: '# Tools',
    intro:
      'You can call the tools below. To call one, write one JSON object and nothing else: {"tool": "tool name", "arguments": {"argument": value}}. The result comes back as a message "tool name: result". To answer, write only {"final_answer": "answer"}.',
    answerIntro:
      'You can call the tools below. To call one, write one JSON object and nothing else: {"tool": "tool name", "arguments": {"argument": value}}. The result comes back as a message "tool name: result". Commit your answer with the final_answer tool.',
    required: 'required',
    optional: 'optional, null when not given',
    example: 'Example',
    values: 'one of',
    defaultValue: 'default',
    digits: (n: string) => `${n} digits`,
    length: (n: string) => `${n} characters`,
    types: { string: 'string', integer: 'integer', number: 'number', boolean: 'true/false', array: 'list', object: 'object' } as Record<string, string>,
  },
} as const;

function languageOf(tools: ModelTool[]): Language {
  return tools.some((t) => /[\uac00-\ud7a3]/.test(t.description)) ? 'ko' : 'en';
}

const range = (min: unknown, max: unknown): string | undefined =>
  typeof min === 'number' && typeof max === 'number'
    ? `${min}–${max}`
    : typeof min === 'number'
      ? `≥ ${min}`
      : typeof max === 'number'
        ? `≤ ${max}`
        : undefined;

/** What a value must look like, in words: digits of a code, a length, a range, an item type. */
function shape(schema: Record<string, unknown>, words: (typeof WORDS)[Language]): string[] {
  const out: string[] = [];
  const type = typeof schema.type === 'string' ? schema.type : Array.isArray(schema.anyOf) ? 'string' : undefined;
  if (type)
    out.push(
      type === 'array' && schema.items && typeof (schema.items as { type?: unknown }).type === 'string'
        ? `${words.types.array}(${words.types[(schema.items as { type: string }).type] ?? (schema.items as { type: string }).type})`
        : (words.types[type] ?? type),
    );
  const digits = typeof schema.pattern === 'string' ? /^\^\\d\{(\d+)(?:,(\d+))?\}\$$/.exec(schema.pattern) : null;
  if (digits) out.push(words.digits(digits[2] ? `${digits[1]}–${digits[2]}` : digits[1]!));
  else if (typeof schema.pattern === 'string') out.push(`/${schema.pattern}/`);
  else {
    const length = range(schema.minLength, schema.maxLength);
    if (length) out.push(words.length(length));
  }
  const bounds = range(schema.minimum, schema.maximum);
  if (bounds) out.push(bounds);
  return out;
}

function parameterLine(name: string, schema: Record<string, unknown>, required: boolean, words: (typeof WORDS)[Language]): string {
  const facts = [required ? words.required : words.optional, ...shape(schema, words)];
  const notes: string[] = [];
  if (typeof schema.description === 'string' && schema.description.trim()) notes.push(schema.description.trim());
  if (Array.isArray(schema.enum)) notes.push(`${words.values} ${schema.enum.map((v) => JSON.stringify(v)).join(' | ')}`);
  if (schema.default !== undefined) notes.push(`${words.defaultValue} ${JSON.stringify(schema.default)}`);
  return `- ${name} (${facts.join(', ')})${notes.length ? `: ${notes.join('; ')}` : ''}`;
}

function toolSection(tool: ModelTool, words: (typeof WORDS)[Language]): string {
  const properties = tool.parameters.properties as Record<string, Record<string, unknown>>;
  const admitted = grammarParameters(tool);
  const lines = [`## ${tool.name}`];
  if (tool.description.trim()) lines.push(tool.description.trim());
  for (const name of admitted) lines.push(parameterLine(name, properties[name] ?? {}, tool.parameters.required.includes(name), words));
  if (tool.example) lines.push(`${words.example}: ${JSON.stringify({ tool: tool.name, arguments: grammarArguments(tool, tool.example) })}`);
  return lines.join('\n');
}

/**
 * How the tools are written into the prompt: "full", each with its parameters, their forms and an example; or
 * "compact", one line a tool (its name, its parameters, optional ones marked ?, and the first clause of its
 * description), for a model too small to read the full form (KOPA-Nano: the grammar holds the parameter names and
 * forms, so the model only has to choose). A model trained on one form records it in its GGUF (kopa.tool_prompt).
 */
export const toolPromptStyles = ['full', 'compact'] as const;
export type ToolPromptStyle = (typeof toolPromptStyles)[number];

/** A tool as one line: `- kasi_getRestDeInfo(solYear, solMonth?): 특일 정보`. */
function compactLine(tool: ModelTool): string {
  const params = grammarParameters(tool).map((p) => (tool.parameters.required.includes(p) ? p : `${p}?`));
  const what = tool.description.split(/[:.。]\s/)[0]!.trim();
  return `- ${tool.name}(${params.join(', ')}): ${what}`;
}

/** The tools section of a grammar-mode system prompt; empty when no tool is offered. */
export function toolPrompt(tools: ModelTool[], style: ToolPromptStyle = 'full'): string {
  if (tools.length === 0) return '';
  const words = WORDS[languageOf(tools)];
  const intro = tools.some((t) => isAnswerCall(t.name)) ? words.answerIntro : words.intro;
  if (style === 'compact') return [`${words.title}\n${intro}`, ...tools.map(compactLine)].join('\n');
  return [`${words.title}\n${intro}`, ...tools.map((t) => toolSection(t, words))].join('\n\n');
}
