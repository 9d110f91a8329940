// Numbers as Korean answers write them: "8억 2,500만 원", "82,500만원", "1.2억", "3만 5천", "-3.5도", "12,345".
// Each number comes back scaled by its Korean units (억 = 10⁸ …) and as written, so an answer in 원 and one that
// repeats the API's 만원 figure both compare with a deal amount.

const UNIT: Record<string, number> = { 조: 1e12, 억: 1e8, 만: 1e4, 천: 1e3, 백: 1e2 };

/** A number in the text: `value` with its Korean units applied, `written` as the digits say. */
export interface FoundNumber {
  value: number;
  written: number;
  text: string;
}

const TOKEN = /(-|−)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(조|억|만|천|백)?/g;

export function findNumbers(text: string): FoundNumber[] {
  const out: FoundNumber[] = [];
  let group: { value: number; written: number; start: number; end: number; lastUnit: number } | undefined;
  const flush = (): void => {
    if (group) out.push({ value: group.value, written: group.written, text: text.slice(group.start, group.end).trim() });
    group = undefined;
  };
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    // Digits glued to letters ("pm10", "K-2") are names, not quantities.
    if (start > 0 && /[A-Za-z]/.test(text[start - 1]!) && !m[1]) continue;
    const sign = m[1] ? -1 : 1;
    const digits = Number(`${m[2]!.replace(/,/g, '')}${m[3] ?? ''}`);
    const unit = m[4] ? UNIT[m[4]]! : 1;
    const gap = group ? text.slice(group.end, start) : '';
    // "8억 2,500만": a smaller unit right after a larger one continues the same amount.
    if (group && unit < group.lastUnit && /^\s*$/.test(gap)) {
      group.value += sign * digits * unit;
      group.end = start + m[0].length;
      group.lastUnit = unit;
      continue;
    }
    flush();
    group = { value: sign * digits * unit, written: sign * digits, start, end: start + m[0].length, lastUnit: unit === 1 ? 0 : unit };
    if (unit === 1) flush();
  }
  flush();
  return out;
}

/** How many base units one unit of a task's answer unit is (만원 → 10⁴ 원). */
export function unitFactor(unit: string | undefined): number {
  if (!unit) return 1;
  const m = /^(조|억|만|천|백)/.exec(unit);
  return m ? UNIT[m[1]!]! : 1;
}
