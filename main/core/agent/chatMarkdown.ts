// A chat as a Markdown document an analyst can file or send: each question, each call with its arguments and
// the result the model read, each answer. Nothing a model, an API or a user wrote is read as Markdown or HTML by
// whoever opens the file: results and arguments sit in fenced blocks, every other text is written literally (each
// mark that could start markup escaped), so a model cannot add a heading, an image that is fetched on opening, a
// link, or a script. The document's own structure is the only Markdown in it.
import { codeSpan, fencedBlock, literalLine, literalText } from '../text/markdownText.ts';
import { formatMoment } from '../i18n/moments.ts';
import { modeLabel } from '../i18n/strings.ts';
import type { ChatMessage, CutReason } from './types.ts';

type TranscriptMessage = ChatMessage & { meta?: Record<string, unknown> };

/** Output that never finished is filed under a heading of its own: it is what the model wrote, not its answer. */
const CUT_HEADINGS: Record<CutReason, string> = {
  stopped: '멈춘 출력 Stopped output (답변 아님 not an answer)',
  truncated: '잘린 출력 Cut-off output (답변 아님 not an answer)',
};

/** What the document needs of a stored chat. */
export interface MarkdownChat {
  chat: { title: string; createdAt: string; modelId: string | null; mode: string };
  messages: TranscriptMessage[];
}

function quoted(text: string): string {
  return literalText(text)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function callLines(message: TranscriptMessage & { role: 'assistant' }, results: Map<string, TranscriptMessage>): string[] {
  const lines: string[] = [];
  for (const call of message.toolCalls ?? []) {
    const result = results.get(call.id);
    const tool = typeof result?.meta?.tool === 'string' ? result.meta.tool : call.name;
    const latency = typeof result?.meta?.latencyMs === 'number' ? ` · ${Math.round(result.meta.latencyMs).toLocaleString('en-US')} ms` : '';
    const status = result?.meta?.refused ? '거부됨 refused' : result?.meta?.ok === false ? '실패 failed' : '완료 done';
    lines.push(`### 도구 호출 Tool call: ${codeSpan(tool)} (${status}${latency})`, '', fencedBlock(JSON.stringify(call.arguments, null, 2), 'json'), '');
    if (result) lines.push('결과 Result:', '', fencedBlock(result.content), '');
  }
  return lines;
}

export function chatMarkdown(transcript: MarkdownChat): string {
  const { chat, messages } = transcript;
  const results = new Map(messages.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m] as const] : [])));
  const lines = [
    `# ${literalLine(chat.title)}`,
    '',
    // In Korean time, as the data beside it counts, not the UTC instant the database keeps.
    `- 만든 때 Created: ${formatMoment(chat.createdAt, 'ko')} (${formatMoment(chat.createdAt, 'en')})`,
    `- 모델 Model: ${literalLine(chat.modelId ?? '-')}`,
    `- 모드 Mode: ${modeLabel('ko', chat.mode)} ${modeLabel('en', chat.mode)}`,
    '',
  ];
  for (const message of messages) {
    if (message.role === 'user') lines.push('## 질문 Question', '', quoted(message.content), '');
    if (message.role !== 'assistant') continue;
    if (message.cut) {
      if (message.content.trim() !== '') lines.push(`## ${CUT_HEADINGS[message.cut]}`, '', literalText(message.content), '');
      continue;
    }
    lines.push(...callLines(message as TranscriptMessage & { role: 'assistant' }, results));
    if (!message.toolCalls?.length && message.content.trim() !== '') lines.push('## 답변 Answer', '', literalText(message.content), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
