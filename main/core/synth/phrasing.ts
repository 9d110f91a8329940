// Korean requests and answers for synthesized trajectories, from templates per tool (the phrase book's topics
// and field labels) and value kind (mentions), in several registers. A request states what the user knows,
// says how each step picks its row ("거래금액이 가장 큰", "첫 번째"), and asks for the answer; it never
// names an intermediate code.
import { josa } from '../text/josa.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { topicOf, type PhraseBook } from './phraseBook.ts';
import type { Register, Selection, Walk, WalkStep } from './types.ts';

function valueText(value: unknown): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
}

/** "거래금액이 가장 큰 아파트 매매 실거래", "첫 번째 도로명주소", "그 건축물대장". */
export function selectionPhrase(selection: Selection, topic: string): string {
  switch (selection.kind) {
    case 'only':
      return `그 ${topic}`;
    case 'first':
      return `첫 번째 ${topic}`;
    case 'max':
      return `${josa(selection.label ?? selection.field ?? '', '이/가')} 가장 큰 ${topic}`;
    case 'min':
      return `${josa(selection.label ?? selection.field ?? '', '이/가')} 가장 작은 ${topic}`;
    case 'match':
      return `${josa(selection.label ?? selection.field ?? '', '이/가')} ${valueText(selection.value)}인 ${topic}`;
    case 'stated':
      return `말한 ${topic}`;
    case 'nearest':
      return `가장 가까운 ${topic}`;
    case 'latest':
      return `가장 최근 ${topic}`;
    case 'earliest':
      return `가장 이른 ${topic}`;
    case 'next':
      return `다음 ${topic}`;
  }
}

function mentionsOf(step: WalkStep): string {
  return step.mentions
    .map((m) => m.text)
    .filter((t, i, all) => all.indexOf(t) === i)
    .join(' ');
}

/**
 * Where a row really comes from: a query-tool step only reaches rows of an earlier result, so a pick made through
 * it is said as that result's pick ("거래금액이 가장 큰 아파트 매매 실거래").
 */
function origin(byId: Map<string, WalkStep>, from: string, selection: Selection): { step: WalkStep; selection: Selection } {
  const step = byId.get(from)!;
  const input = step.tool === QUERY_TOOL ? step.inputs[0] : undefined;
  return input ? origin(byId, input.from, input.selection) : { step, selection };
}

/** Each step as a noun phrase: "'강남구 역삼동'의 도로명주소", "거래금액이 가장 큰 아파트 매매 실거래 기준 건축물대장". */
function stepPhrases(walk: Walk, book: PhraseBook, names: Record<string, string>): string[] {
  const topic = (s: WalkStep): string => topicOf(book, s.tool, names[s.tool] ?? s.tool);
  const byId = new Map(walk.steps.map((s) => [s.id, s]));
  return walk.steps
    .filter((step) => step.tool !== QUERY_TOOL)
    .map((step, i) => {
      const said = mentionsOf(step);
      if (i === 0) return said ? `${said}의 ${topic(step)}` : topic(step);
      const sources = step.inputs.map((input) => {
        const o = origin(byId, input.from, input.selection);
        return selectionPhrase(o.selection, topic(o.step));
      });
      const joined = sources.map((src, k) => (k < sources.length - 1 ? josa(src, '과/와') : src)).join(' ');
      return `${joined} 기준 ${said ? `${said} ` : ''}${topic(step)}`;
    });
}

/** What is asked, as a noun phrase: "그 건축물대장의 사용승인일", "기온", "아파트 매매 실거래 건수". */
function askedPhrase(walk: Walk, book: PhraseBook, names: Record<string, string>): string {
  const last = origin(new Map(walk.steps.map((s) => [s.id, s])), walk.answer.step, walk.answer.selection).step;
  const topic = topicOf(book, last.tool, names[last.tool] ?? last.tool);
  if (walk.answer.kind === 'count') return `${topic} 건수`;
  if (walk.answer.selection.kind === 'match' && book.tools[last.tool]?.facets?.field === walk.answer.selection.field) return walk.answer.label;
  return `${selectionPhrase(walk.answer.selection, topic)}의 ${walk.answer.label}`;
}

/** The request in one register; `variant` picks among that register's forms. */
export function composeRequest(walk: Walk, book: PhraseBook, names: Record<string, string>, register: Register, variant = 0): string {
  const phrases = stepPhrases(walk, book, names);
  const asked = askedPhrase(walk, book, names);
  const chain =
    phrases.length === 1
      ? ''
      : phrases
          .slice(0, -1)
          .map((p) => `${josa(p, '을/를')} 찾고, `)
          .join('');
  const lastStep = phrases[phrases.length - 1]!;
  const context = `${chain}${lastStep}에서`;
  const question = variant % 2 === 0;
  switch (register) {
    case 'formal':
      return question ? `${context} ${josa(asked, '은/는')} 무엇입니까?` : `${context} ${josa(asked, '을/를')} 알려 주십시오.`;
    case 'polite':
      return question ? `${context} ${josa(asked, '은/는')} 뭐예요?` : `${context} ${josa(asked, '을/를')} 알려 주세요.`;
    case 'casual':
      return question ? `${context} ${josa(asked, '이/가')} 뭐야?` : `${context} ${josa(asked, '을/를')} 알려 줘.`;
  }
}

/** A value as a person says it: 14:00 for a time, 2025년 3월 1일 for a date, 12,000 for a number. */
export function spokenValue(value: unknown, kind: string | undefined): string {
  const text = String(value);
  if ((kind === 'time.hhmm' || kind === 'kma.baseTime') && /^\d{4}$/.test(text)) return `${text.slice(0, 2)}:${text.slice(2)}`;
  if (kind === 'date.yyyymmdd' && /^\d{8}$/.test(text)) return `${Number(text.slice(0, 4))}년 ${Number(text.slice(4, 6))}월 ${Number(text.slice(6))}일`;
  return valueText(value);
}

/** The assistant's final answer: "사용승인일은 2003년 10월 11일입니다." A sentence-like value is quoted. */
export function answerSentence(walk: Walk, value: unknown): string {
  const subject = walk.answer.kind === 'count' ? '조회된 건수' : walk.answer.label;
  const spoken = spokenValue(value, walk.answer.valueKind);
  if (/[.!?。]$/.test(spoken) || spoken.length > 40) return `${josa(subject, '은/는')} "${spoken.replace(/[.。]$/, '')}"입니다.`;
  return `${josa(subject, '은/는')} ${spoken}${walk.answer.unit ? ` ${walk.answer.unit}` : ''}입니다.`;
}
