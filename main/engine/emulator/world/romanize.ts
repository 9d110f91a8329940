// Revised Romanization of Korean, syllable by syllable (without sound-change rules), for the English addresses
// the address API returns: "세종대로" → "Sejong-daero", "종로구" → "Jongno-gu" needs the rules, so it gives
// "Jongro-gu"; close enough for an emulated field nobody chains on.
const INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const VOWELS = ['a', 'ae', 'ya', 'yae', 'eo', 'e', 'yeo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'eu', 'ui', 'i'];
const FINALS = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];

const SIDO: Record<string, string> = {
  서울특별시: 'Seoul',
  부산광역시: 'Busan',
  대구광역시: 'Daegu',
  인천광역시: 'Incheon',
  광주광역시: 'Gwangju',
  대전광역시: 'Daejeon',
  울산광역시: 'Ulsan',
  세종특별자치시: 'Sejong-si',
  경기도: 'Gyeonggi-do',
  강원특별자치도: 'Gangwon-do',
  충청북도: 'Chungcheongbuk-do',
  충청남도: 'Chungcheongnam-do',
  전북특별자치도: 'Jeonbuk-do',
  전라남도: 'Jeollanam-do',
  경상북도: 'Gyeongsangbuk-do',
  경상남도: 'Gyeongsangnam-do',
  제주특별자치도: 'Jeju-do',
};

const SUFFIXES = ['대로', '로', '길', '구', '시', '군', '동', '읍', '면', '가'];

function syllables(text: string): string {
  let out = '';
  let prevFinal = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code < 0 || code > 11171) {
      out += ch;
      prevFinal = '';
      continue;
    }
    const initial = INITIALS[Math.floor(code / 588)]!;
    const vowel = VOWELS[Math.floor((code % 588) / 28)]!;
    const final = FINALS[code % 28]!;
    // ㄹ before a vowel reads r, after ㄹ reads l.
    out += (prevFinal === 'l' && initial === 'r' ? 'l' : initial) + vowel + final;
    prevFinal = final;
  }
  return out;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function romanize(name: string): string {
  if (SIDO[name]) return SIDO[name]!;
  return name
    .split(' ')
    .map((word) => {
      const suffix = SUFFIXES.find((s) => word.endsWith(s) && word.length > s.length);
      if (!suffix) return capitalise(syllables(word));
      return `${capitalise(syllables(word.slice(0, -suffix.length)))}-${syllables(suffix)}`;
    })
    .join(' ');
}
