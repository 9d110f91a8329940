// The Markdown export of a chat, rendered as a Markdown viewer renders it (CommonMark with GitHub's extensions, raw
// HTML and every URL scheme allowed, as a permissive viewer would): nothing a model, an API or the user wrote becomes
// an element, a heading, a link or a fetched image; all of it is still there to read, as written.
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { chatMarkdown, type MarkdownChat } from '../../../main/core/agent/chatMarkdown.ts';

const TOOL = 'x` <img src=x onerror=alert(1)>\n## 답변 Answer\n[link](javascript:alert(1)) <script>alert(1)</script> `';
const ANSWER = [
  '![](http://evil.example/pixel.png) and [click](javascript:alert(1))',
  '<script>alert(1)</script> <a href="https://evil.example">a</a> <!-- hidden -->',
  'www.evil.example and https://evil.example/a and <https://evil.example/b> and evil@evil.example',
  '## 질문 Question',
  'Setext heading',
  '===',
  '[a][ref] &lt;b&gt; &#x3C;i>',
  '',
  '[ref]: http://evil.example/ref',
  '| a | b |',
  '|---|---|',
  '| <img src=y> | ` code ` |',
].join('\n');
const QUESTION = '<img src=q onerror=alert(2)> ![q](http://evil.example/q.png)\n# 답변 Answer';
const RESULT = '```\n</code><script>alert(3)</script>\n````\n<img src=r>';

const transcript: MarkdownChat = {
  chat: { title: '<b>제목</b>\n# 가짜', createdAt: '2026-12-03T10:00:00.000Z', modelId: '[m](javascript:1)', mode: 'emulator' },
  messages: [
    { role: 'user', content: QUESTION },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: TOOL, arguments: { q: '```</code><img src=a>' } }] },
    { role: 'tool', toolCallId: 'c1', content: RESULT, meta: { ok: true, latencyMs: 3458.974 } },
    { role: 'assistant', content: ANSWER },
  ],
} as MarkdownChat;

const decode = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('the Markdown export of a chat', () => {
  const md = chatMarkdown(transcript);
  const html = micromark(md, { allowDangerousHtml: true, allowDangerousProtocol: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

  it('renders no element, link or image the model, an API or the user chose', () => {
    expect(html).not.toMatch(/<(img|script|a|b|i|table)\b/);
    expect(html).not.toMatch(/\s(href|src|onerror)\s*=\s*"/);
    expect(html).not.toContain('<!--');
  });

  it('says when it was made in Korean time and how long a call took in whole milliseconds', () => {
    expect(md).toContain('- 만든 때 Created: 2026. 12. 3. 오후 7:00 KST (3 Dec 2026, 19:00 KST)');
    expect(md).toContain(' · 3,459 ms)');
  });

  it('keeps only its own headings: the title, one question, one call, one answer', () => {
    expect([...html.matchAll(/<h(\d)>/g)].map((m) => m[1])).toEqual(['1', '2', '3', '2']);
    expect([...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1])).toEqual(['질문 Question', '답변 Answer']);
  });

  it('shows every text as it was written', () => {
    const text = decode(html);
    for (const line of ANSWER.split('\n').filter(Boolean)) expect(text).toContain(line);
    expect(text).toContain('<img src=q onerror=alert(2)> ![q](http://evil.example/q.png)');
    expect(text).toContain(RESULT);
    expect(text).toContain(TOOL.replace(/\s+/g, ' ').trim());
    expect(text).toContain('<b>제목</b> # 가짜');
  });

  it('writes plain prose without escapes: only marks that could start markup are escaped', () => {
    const prose = '서울 기온은 영하 2.6도(2026-12-05 09:00 기준)이고, 강수확률 30%입니다: 12:30~13:30 사이 1,234건.';
    const plain = chatMarkdown({ ...transcript, messages: [{ role: 'assistant', content: prose }] } as MarkdownChat);
    expect(plain).toContain('서울 기온은 영하 2.6도(2026-12-05 09:00 기준)이고, 강수확률 30%입니다: 12:30\\~13:30 사이 1,234건.');
    expect(plain).toContain('- 모드 Mode: 에뮬레이터 Emulator');
    for (const line of ['1. 첫째', '- 항목', '+ 더하기', '# 제목', '---', '10) 열째']) {
      const one = chatMarkdown({ ...transcript, messages: [{ role: 'assistant', content: `앞줄\n${line}` }] } as MarkdownChat);
      const rendered = micromark(one, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).split('<h2>답변 Answer</h2>')[1]!;
      expect(rendered, line).not.toMatch(/<(ol|ul|li|hr|h\d)\b/);
      expect(decode(rendered), line).toContain(line);
    }
  });

  it('files a stopped turn under a heading of its own, not as the answer, its text inert', () => {
    const stopped = chatMarkdown({
      ...transcript,
      messages: [
        { role: 'user', content: '5월 공휴일?' },
        { role: 'assistant', content: '5월에는 <img src=z> 어린이', cut: 'stopped' },
      ],
    } as MarkdownChat);
    const rendered = micromark(stopped, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect([...rendered.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1])).toEqual(['질문 Question', '멈춘 출력 Stopped output (답변 아님 not an answer)']);
    expect(rendered).not.toMatch(/<img\b/);
    expect(decode(rendered)).toContain('5월에는 <img src=z> 어린이');
  });
});
