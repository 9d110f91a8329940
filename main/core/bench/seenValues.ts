// What a model could read so far in an attempt, indexed for the questions provenance asks of every argument value:
// was it shown as it is, as a number, as a code's leading or trailing digits, as a decimal, or word by word. Each
// value shown is indexed at most once per question, and only when that question is first asked after it arrived, so
// scoring an attempt stays linear in its calls (a completion of thousands of calls must not stall the reward
// service) and a completion whose arguments never ask a question pays nothing for its index.

/** Digits a code is cut at when a value is its leading or trailing part (a 시군구 code of a 법정동 code). */
const LONG_CODE = /^\d{4,}$/;

const WHITESPACE = /\s/;

/** Decimals within this of each other are the same reading. */
const DECIMAL_TOLERANCE = 1e-6;

/** One index derived from the values shown: how far it has read them, and what it takes of each. */
class LazyIndex<I> {
  private read = 0;

  constructor(
    private readonly index: I,
    private readonly take: (value: string, index: I) => void,
  ) {}

  upTo(values: readonly string[]): I {
    for (; this.read < values.length; this.read++) this.take(values[this.read]!, this.index);
    return this.index;
  }
}

export class SeenValues {
  private readonly values = new Set<string>();
  /** The values in the order they were shown, which the indexes below read up to where they have got. */
  private readonly shown: string[] = [];
  /** Words of the values that have several; a value of one word is its own word. */
  private readonly words = new LazyIndex(new Set<string>(), (value, into) => {
    if (WHITESPACE.test(value)) for (const word of value.split(/\s+/)) if (word) into.add(word);
  });
  /** Every leading and trailing part (2 digits or more, shorter than the code) of every code of 4 digits or more. */
  private readonly codeParts = new LazyIndex(new Set<string>(), (value, into) => {
    if (!LONG_CODE.test(value)) return;
    for (let n = 2; n < value.length; n++) {
      into.add(value.slice(0, n));
      into.add(value.slice(value.length - n));
    }
  });
  /** Numbers shown, by their value in millionths, so a decimal finds its neighbours at once. */
  private readonly numbers = new LazyIndex(new Map<number, number[]>(), (value, into) => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return;
    const bucket = Math.round(number / DECIMAL_TOLERANCE);
    const shown = into.get(bucket);
    if (shown) shown.push(number);
    else into.set(bucket, [number]);
  });

  add(value: string): void {
    // One hash lookup, not two: a long completion adds tens of thousands of values.
    const size = this.values.size;
    this.values.add(value);
    if (this.values.size !== size) this.shown.push(value);
  }

  has(value: string): boolean {
    return this.values.has(value);
  }

  hasWord(word: string): boolean {
    return this.values.has(word) || this.words.upTo(this.shown).has(word);
  }

  /** Whether a run of 2 or more digits is the start or the end of a longer code shown. */
  isCodePart(digits: string): boolean {
    return /^\d{2,}$/.test(digits) && this.codeParts.upTo(this.shown).has(digits);
  }

  /** Whether a number within the tolerance was shown. */
  hasNumberNear(number: number): boolean {
    if (!Number.isFinite(number)) return false;
    const bucket = Math.round(number / DECIMAL_TOLERANCE);
    const buckets = this.numbers.upTo(this.shown);
    for (const b of [bucket - 1, bucket, bucket + 1]) {
      if (buckets.get(b)?.some((n) => Math.abs(n - number) < DECIMAL_TOLERANCE)) return true;
    }
    return false;
  }
}
