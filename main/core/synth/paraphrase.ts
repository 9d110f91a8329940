// The optional paraphrase pass of intent synthesis: a loaded model rewrites a templated request in other words,
// through one forced tool call (a JSON-schema grammar on a local model, a tool call on a server), and the rewrite is
// kept only when it passes the same gates as the template did. This module holds what the model is shown and the
// shape of its answer; the synthesizer judges the rewrite.
import type { ChatMessage, ModelTool, ToolCall } from '../agent/types.ts';
import type { Register } from './types.ts';

/** Longest rewrite asked for, in characters: KOPA-Bench's longest request is about this long. */
const MAX_REWRITE_CHARS = 160;

export const PARAPHRASE_TOOL: ModelTool = {
  name: 'rewrite_request',
  description: '고쳐 쓴 요청 한 문장을 돌려준다.',
  parameters: {
    type: 'object',
    properties: { request: { type: 'string', minLength: 4, maxLength: MAX_REWRITE_CHARS, description: '고쳐 쓴 요청' } },
    required: ['request'],
  },
};

const REGISTER_WORDS: Record<Register, string> = {
  formal: '격식체(…습니까, …십시오)',
  polite: '해요체(…요)',
  casual: '반말(…해, …야?)',
};

export interface ParaphraseInput {
  request: string;
  register: Register;
  /** Values the rewrite must keep letter for letter (places, names, numbers, dates as the request says them). */
  keep: string[];
}

/** The conversation that asks for one rewrite; short, since every byte costs a small model time. */
export function paraphraseMessages(input: ParaphraseInput): ChatMessage[] {
  const keep = [...new Set(input.keep)].filter((v) => v.trim() !== '');
  const rules = [
    `다음 요청을 같은 뜻의 다른 문장으로 한 번 고쳐 쓰세요. 말투는 ${REGISTER_WORDS[input.register]}.`,
    keep.length ? `이 값은 글자 그대로 두세요: ${keep.join(', ')}.` : '',
    '새 사실을 더하거나 빼지 말고, rewrite_request 도구로만 답하세요.',
  ].filter(Boolean);
  return [
    { role: 'system', content: rules.join(' ') },
    { role: 'user', content: input.request },
  ];
}

/** The rewrite a model's answer carries: the `request` of its first rewrite_request call, on one line. */
export function rewriteOf(calls: ToolCall[], text: string): { request?: string; problem?: string } {
  const call = calls.find((c) => c.name === PARAPHRASE_TOOL.name);
  if (!call)
    return {
      problem: calls.length
        ? `called ${calls.map((c) => c.name).join(', ')} instead of ${PARAPHRASE_TOOL.name}`
        : `answered in text ("${text.slice(0, 40)}") without calling ${PARAPHRASE_TOOL.name}`,
    };
  const request = call.arguments.request;
  if (typeof request !== 'string') return { problem: 'the call has no request text' };
  const line = request.replace(/\s+/g, ' ').trim();
  if (line.length === 0) return { problem: 'the rewrite is empty' };
  return { request: line };
}
