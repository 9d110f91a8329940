// The tool a model asks for tools with: the pick offers a handful of the catalog's tools for a question, and a model
// that needs another (next week's forecast where the pick offered today's) writes what it needs in words and gets the
// best matches with their one-line descriptions. Those become callable from its next turn, with approval as usual
// (MCP's changing tool lists; tool retrieval as a tool). It never calls a service itself.
import type { ModelTool } from './types.ts';

export const FIND_TOOLS = 'find_tools';

/** Tools one search makes callable at most. */
export const FOUND_AT_MOST = 5;

export const findTool: ModelTool = {
  name: FIND_TOOLS,
  description:
    '필요한 도구가 목록에 없을 때 카탈로그에서 찾습니다. query에 하려는 일을 낱말로 쓰면(예: "다음 주 날씨 중기예보") 알맞은 도구와 한 줄 설명을 돌려주고, 그 도구들은 다음 차례부터 호출할 수 있습니다.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string', minLength: 1, maxLength: 200, description: '찾는 도구가 하는 일 (낱말 몇 개)' } },
    required: ['query'],
  },
};

export const isFindToolsCall = (name: string): boolean => name === FIND_TOOLS;

/** What the model reads back: the tools found, by the names it may now call them by, each with its first sentence. */
export function foundToolsText(found: { name: string; description: string }[]): string {
  if (found.length === 0) return JSON.stringify({ ok: true, tools: [], message: '맞는 도구를 찾지 못했습니다. 다른 낱말로 찾아 보세요.' });
  return JSON.stringify({
    ok: true,
    tools: found.map((t) => ({ name: t.name, description: firstSentence(t.description) })),
    message: '이 도구들은 다음 차례부터 호출할 수 있습니다.',
  });
}

function firstSentence(text: string): string {
  const cut = text.search(/(?<=[.!?。])\s|(?<=다\.)/);
  return (cut > 0 ? text.slice(0, cut) : text).trim().slice(0, 200);
}
