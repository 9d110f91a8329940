// A chat as a Markdown document an analyst can file or send: each question, each call with its arguments and
// the result the model read, each answer. API and model text sits in fenced blocks so no part of it is read as
// Markdown or HTML by whoever opens the file.
import type { ChatMessage } from './types.ts';

type TranscriptMessage = ChatMessage & { meta?: Record<string, unknown> };

/** What the document needs of a stored chat. */
export interface MarkdownChat {
  chat: { title: string; createdAt: string; modelId: string | null; mode: string };
  messages: TranscriptMessage[];
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, info = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/** The answer stays Markdown, but any HTML in it shows as text in a Markdown viewer. */
function inertHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function callLines(message: TranscriptMessage & { role: 'assistant' }, results: Map<string, TranscriptMessage>): string[] {
  const lines: string[] = [];
  for (const call of message.toolCalls ?? []) {
    const result = results.get(call.id);
    const tool = typeof result?.meta?.tool === 'string' ? result.meta.tool : call.name;
    const latency = typeof result?.meta?.latencyMs === 'number' ? ` · ${result.meta.latencyMs} ms` : '';
    const status = result?.meta?.refused ? '거부됨 refused' : result?.meta?.ok === false ? '실패 failed' : '완료 done';
    lines.push(`### 도구 호출 Tool call: \`${tool}\` (${status}${latency})`, '', fenced(JSON.stringify(call.arguments, null, 2), 'json'), '');
    if (result) lines.push('결과 Result:', '', fenced(result.content), '');
  }
  return lines;
}

export function chatMarkdown(transcript: MarkdownChat): string {
  const { chat, messages } = transcript;
  const results = new Map(messages.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m] as const] : [])));
  const lines = [
    `# ${chat.title.replace(/\n/g, ' ')}`,
    '',
    `- 만든 때 Created: ${chat.createdAt}`,
    `- 모델 Model: ${chat.modelId ?? '-'}`,
    `- 모드 Mode: ${chat.mode}`,
    '',
  ];
  for (const message of messages) {
    if (message.role === 'user') lines.push('## 질문 Question', '', quoted(inertHtml(message.content)), '');
    if (message.role !== 'assistant') continue;
    lines.push(...callLines(message as TranscriptMessage & { role: 'assistant' }, results));
    if (!message.toolCalls?.length && message.content.trim() !== '') lines.push('## 답변 Answer', '', inertHtml(message.content), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
