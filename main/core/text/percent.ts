/** A share (0–1) as a percentage with `digits` decimals: percent(0.1234) → "12%", percent(0.1234, 1) → "12.3%". */
export const percent = (share: number, digits = 0): string => `${(share * 100).toFixed(digits)}%`;

/** `part` of `whole` as a percentage; none of nothing is 0%. */
export const percentOf = (part: number, whole: number, digits = 0): string => percent(whole ? part / whole : 0, digits);
