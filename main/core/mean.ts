/** The arithmetic mean; 0 for none (callers that must tell "none" apart check the length). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
