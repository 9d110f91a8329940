// A sentence of the screen's own with a piece of data quoted in it (the request's words, "← 질문의 '2km'"): the
// quote keeps the language it was written in, so a screen reader and the language check read each part as what it is.

const MARK = '\u0000';

export function Quoted({ sentence, quote, lang }: { sentence: (mark: string) => string; quote: string; lang: 'ko' | 'en' }) {
  const [before, after = ''] = sentence(MARK).split(MARK);
  return (
    <>
      {before}
      <span lang={lang}>{quote}</span>
      {after}
    </>
  );
}
