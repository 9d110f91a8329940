// A tokenizer-free, deterministic estimate of how many tokens a text costs a model. The result view must be the
// same wherever it is rendered (chat, bench, synthesis exports, reward service), so it cannot depend on the
// vocabulary of whichever model is loaded. The estimate is deliberately on the high side for the models users
// bring (Qwen2.5/3, Llama 3.1, Gemma, EXAONE):
// - every digit is a token (Qwen splits numbers into single digits; Llama 3 groups up to three);
// - a run of ASCII letters costs one token per four letters;
// - a run of ASCII punctuation (JSON's `","`) costs one token per two characters;
// - every other character (Hangul syllables, symbols) costs one token;
// - spaces are free (they merge with the following word).

const LETTER = 0;
const PUNCT = 1;
const OTHER = 2;

export function estimateTokens(text: string): number {
  let tokens = 0;
  let letters = 0;
  let puncts = 0;
  const flush = (next: number): void => {
    if (next !== LETTER && letters > 0) {
      tokens += Math.ceil(letters / 4);
      letters = 0;
    }
    if (next !== PUNCT && puncts > 0) {
      tokens += Math.ceil(puncts / 2);
      puncts = 0;
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      flush(LETTER);
      letters++;
    } else if (c >= 48 && c <= 57) {
      flush(OTHER);
      tokens++;
    } else if (c === 32 || c === 10 || c === 9 || c === 13) {
      flush(OTHER);
    } else if (c < 128) {
      flush(PUNCT);
      puncts++;
    } else {
      flush(OTHER);
      // A surrogate pair is one character.
      if (c >= 0xd800 && c <= 0xdbff) i++;
      tokens++;
    }
  }
  flush(OTHER);
  return tokens;
}
