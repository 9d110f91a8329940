// What a model could read so far in an attempt, indexed for the questions provenance asks of every argument value:
// was it shown as it is, as a number, as a code's leading or trailing digits, as a decimal, or word by word. Each
// value shown is indexed once when its result arrives, so scoring an attempt stays linear in its calls (a completion
// of thousands of calls must not stall the reward service).

/** Digits a code is cut at when a value is its leading or trailing part (a 시군구 code of a 법정동 code). */
const LONG_CODE = /^\d{4,}$/;

/** Decimals within this of each other are the same reading. */
const DECIMAL_TOLERANCE = 1e-6;

export class SeenValues {
  private readonly values = new Set<string>();
  /** Words of the values that have several; a value of one word is its own word. */
  private readonly words = new Set<string>();
  /** Every leading and trailing part (2 digits or more, shorter than the code) of every code of 4 digits or more. */
  private readonly codeParts = new Set<string>();
  /** Numbers shown, bucketed by their value in millionths, so a decimal finds its neighbours at once. */
  private readonly numbers = new Map<number, number[]>();

  add(value: string): void {
    if (this.values.has(value)) return;
    this.values.add(value);
    if (/\s/.test(value)) for (const word of value.split(/\s+/)) if (word) this.words.add(word);
    if (LONG_CODE.test(value)) {
      for (let n = 2; n < value.length; n++) {
        this.codeParts.add(value.slice(0, n));
        this.codeParts.add(value.slice(value.length - n));
      }
    }
    const number = Number(value);
    if (value.trim() !== '' && Number.isFinite(number)) {
      const bucket = Math.round(number / DECIMAL_TOLERANCE);
      const shown = this.numbers.get(bucket);
      if (shown) shown.push(number);
      else this.numbers.set(bucket, [number]);
    }
  }

  has(value: string): boolean {
    return this.values.has(value);
  }

  hasWord(word: string): boolean {
    return this.values.has(word) || this.words.has(word);
  }

  /** Whether a run of 2 or more digits is the start or the end of a longer code shown. */
  isCodePart(digits: string): boolean {
    return /^\d{2,}$/.test(digits) && this.codeParts.has(digits);
  }

  /** Whether a number within the tolerance was shown. */
  hasNumberNear(number: number): boolean {
    if (!Number.isFinite(number)) return false;
    const bucket = Math.round(number / DECIMAL_TOLERANCE);
    for (const b of [bucket - 1, bucket, bucket + 1]) {
      if (this.numbers.get(b)?.some((n) => Math.abs(n - number) < DECIMAL_TOLERANCE)) return true;
    }
    return false;
  }
}
