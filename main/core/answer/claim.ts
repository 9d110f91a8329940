// The committed answer: every episode ends with one typed claim, apart from the message for the person. The claim is
// what is judged (judge.ts), exactly, after normalisation; the message is shown, never scored. A model gives it by
// calling the answer tool (answerTool.ts) in native and grammar mode, or, where it answers in words, by a last line
// "정답: …" holding one value (answerLine.ts). Anchors: GAIA's FINAL ANSWER with its normalised exact match, and
// BFCL's typed matching.

export const claimKinds = ['number', 'date', 'time', 'name', 'list', 'yesno', 'decline', 'text'] as const;
export type ClaimKind = (typeof claimKinds)[number];

/**
 * One committed value. `text` is a claim read from a "정답:" line: one value in any usual written form, read as the
 * task's answer kind when it is judged. A number's `value` may be written as text ("8만 7천") by a server that does
 * not hold the schema; the judge reads it the same way.
 */
export type Claim =
  | { kind: 'number'; value: number | string; unit?: string }
  | { kind: 'date'; value: string }
  | { kind: 'time'; value: string }
  | { kind: 'name'; value: string }
  | { kind: 'list'; values: (string | number)[] }
  | { kind: 'yesno'; value: boolean | string }
  | { kind: 'decline'; reason: string }
  | { kind: 'text'; value: string };

/** The longest claim value a judge reads: a committed value is short; an essay is not one. */
export const MAX_CLAIM_CHARS = 200;
/** The most members a list claim may hold. */
export const MAX_LIST_MEMBERS = 50;

export type ClaimCheck = { ok: true; claim: Claim } | { ok: false; problem: string };

const isText = (v: unknown): v is string => typeof v === 'string';
const short = (v: string): boolean => v.length <= MAX_CLAIM_CHARS;

/**
 * A claim as a model wrote it (the answer tool's `answer` argument), checked: a known kind with its one value of the
 * right JSON type. What is wrong is said in a sentence the model reads, so it can answer again.
 */
export function checkClaim(raw: unknown): ClaimCheck {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, problem: 'answer must be an object with "kind"' };
  const c = raw as Record<string, unknown>;
  const fail = (problem: string): ClaimCheck => ({ ok: false, problem });
  switch (c.kind) {
    case 'number': {
      const value = c.value;
      if (!(typeof value === 'number' && Number.isFinite(value)) && !(isText(value) && value.trim() !== '' && short(value)))
        return fail('a number answer needs "value": one number');
      if (c.unit !== undefined && c.unit !== null && !(isText(c.unit) && c.unit.length <= 20))
        return fail('"unit" must be a short text such as "건" or "만원"');
      return { ok: true, claim: { kind: 'number', value, ...(isText(c.unit) && c.unit.trim() ? { unit: c.unit.trim() } : {}) } };
    }
    case 'date':
    case 'time':
    case 'name':
    case 'text': {
      if (!isText(c.value) || c.value.trim() === '' || !short(c.value))
        return fail(`a ${c.kind} answer needs "value": one non-empty text of at most ${MAX_CLAIM_CHARS} characters`);
      return { ok: true, claim: { kind: c.kind, value: c.value.trim() } };
    }
    case 'list': {
      const values = c.values;
      if (!Array.isArray(values) || values.length === 0 || values.length > MAX_LIST_MEMBERS)
        return fail(`a list answer needs "values": 1 to ${MAX_LIST_MEMBERS} values`);
      if (!values.every((v) => (typeof v === 'number' && Number.isFinite(v)) || (isText(v) && v.trim() !== '' && short(v))))
        return fail('each of "values" must be a number or a non-empty text');
      return { ok: true, claim: { kind: 'list', values: values.map((v) => (isText(v) ? v.trim() : v)) } };
    }
    case 'yesno': {
      if (typeof c.value !== 'boolean' && !(isText(c.value) && short(c.value))) return fail('a yesno answer needs "value": true or false');
      return { ok: true, claim: { kind: 'yesno', value: c.value } };
    }
    case 'decline': {
      const reason = isText(c.reason) ? c.reason.trim() : '';
      if (reason.length > 1000) return fail('"reason" must be at most 1,000 characters');
      // A decline holds no value: a model that declines and fills "value" has not declined.
      if (c.value !== undefined && c.value !== null && c.value !== '') return fail('a decline carries a reason and no value');
      return { ok: true, claim: { kind: 'decline', reason } };
    }
    default:
      return fail(`"kind" must be one of ${claimKinds.filter((k) => k !== 'text').join(', ')}`);
  }
}

/** The claim as one line of text, as reports and the chat's headline show it ("230000 만원", "2025-10-09", "예"). */
export function claimText(claim: Claim, locale: 'ko' | 'en' = 'ko'): string {
  switch (claim.kind) {
    case 'number':
      return `${claim.value}${claim.unit ? ` ${claim.unit}` : ''}`;
    case 'list':
      return claim.values.map(String).join(', ');
    case 'yesno':
      return typeof claim.value === 'boolean' ? (claim.value ? (locale === 'ko' ? '예' : 'yes') : locale === 'ko' ? '아니요' : 'no') : claim.value;
    case 'decline':
      return `${locale === 'ko' ? '답할 수 없음' : 'cannot answer'}${claim.reason ? ` (${claim.reason})` : ''}`;
    default:
      return claim.value;
  }
}
