// Korean particles that change with the word before them: 을/를, 이/가, 은/는, 과/와, 으로/로. A word ends in a
// final consonant (받침) or not; digits and Latin letters are read aloud for this (3 "삼" has one, 2 "이" none).

const DIGIT_HAS_FINAL = [true, true, false, true, false, false, true, true, true, false];
const DIGIT_FINAL_IS_RIEUL = [false, true, false, false, false, false, false, true, true, false];
const LATIN_HAS_FINAL = new Set(['l', 'm', 'n', 'r']);

function finalOf(word: string): { has: boolean; rieul: boolean } {
  const text = word.replace(/[\s)\]'"’”.,!?]+$/u, '');
  const last = text.charAt(text.length - 1);
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const jong = (code - 0xac00) % 28;
    return { has: jong !== 0, rieul: jong === 8 };
  }
  if (/\d/.test(last)) return { has: DIGIT_HAS_FINAL[Number(last)]!, rieul: DIGIT_FINAL_IS_RIEUL[Number(last)]! };
  return { has: LATIN_HAS_FINAL.has(last.toLowerCase()), rieul: last.toLowerCase() === 'l' };
}

export type Particle = '을/를' | '이/가' | '은/는' | '과/와' | '으로/로' | '이에요/예요';

/** The word followed by the right form of the particle. */
export function josa(word: string, particle: Particle): string {
  const { has, rieul } = finalOf(word);
  const [withFinal, withoutFinal] = particle.split('/') as [string, string];
  if (particle === '으로/로') return word + (has && !rieul ? withFinal : withoutFinal);
  return word + (has ? withFinal : withoutFinal);
}
