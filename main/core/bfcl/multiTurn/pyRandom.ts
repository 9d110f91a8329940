// CPython's `random.Random(seed)`, bit for bit: the simulators draw message ids, booking ids and temperatures from
// it, and the ground truth hard-codes what upstream drew (booking_id='3426812'), so a model's calls only match when
// the same seed gives the same numbers. Mersenne Twister MT19937 seeded by init_by_array over the seed's 32-bit
// words (least significant first), randint by rejection over getrandbits, random() from 53 bits.
const N = 624;
const M = 397;

export class PyRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  constructor(seed: number) {
    let rest = BigInt(Math.abs(Math.trunc(seed)));
    const key: number[] = [];
    do {
      key.push(Number(rest & 0xffffffffn));
      rest >>= 32n;
    } while (rest > 0n);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    this.mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: number[]): void {
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = ((this.mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        this.mt[0] = this.mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = ((this.mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        this.mt[0] = this.mt[N - 1]!;
        i = 1;
      }
    }
    this.mt[0] = 0x80000000;
  }

  private next32(): number {
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (this.mt[k]! & 0x80000000) | (this.mt[(k + 1) % N]! & 0x7fffffff);
        this.mt[k] = this.mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = this.mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random()`: 53 random bits in [0, 1). */
  random(): number {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  getrandbits(k: number): bigint {
    if (k <= 32) return BigInt(this.next32() >>> (32 - k));
    let result = 0n;
    for (let word = 0, left = k; left > 0; word++, left -= 32) {
      let r = this.next32();
      if (left < 32) r >>>= 32 - left;
      result |= BigInt(r) << BigInt(32 * word);
    }
    return result;
  }

  /** `randint(a, b)`, both ends included. */
  randint(a: number, b: number): number {
    const n = BigInt(b - a + 1);
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return a + Number(r);
  }

  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }
}
