// A GGUF header walked before any parser allocates for it: every count and length it declares is checked against the
// bytes the file has left, so a 100-byte file that declares 2^40 array elements or 10^9 keys is refused at once with
// what is wrong, instead of exhausting memory or looping until killed. Values are skipped, not decoded; only the
// structure is read (GGUF v2 and v3, the versions llama.cpp reads: github.com/ggml-org/ggml docs/gguf.md).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { GgmlType } from 'node-llama-cpp';
import { saidError } from '../../main/core/i18n/saidError.ts';

/** Bytes of each fixed-size value type (uint8 … float64); 8 (string) and 9 (array) have their own layout. */
const FIXED_SIZES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;
/** The least bytes one value of a type can take: a string's length field, an array's type and count. */
const leastSize = (type: number): number => FIXED_SIZES[type] ?? (type === STRING ? 8 : 12);
/** GGML_MAX_DIMS. */
const MAX_DIMS = 4;
/** Arrays of arrays deeper than this are not a model's metadata. */
const MAX_ARRAY_DEPTH = 3;
/** The longest key or tensor name GGUF allows (its strings are at most 2^16 − 1 bytes there). */
const MAX_NAME = 65_535;
const KNOWN_TENSOR_TYPES = new Set(Object.values(GgmlType).filter((v): v is number => typeof v === 'number'));

class MalformedGguf extends Error {}

/** Reads the file forward through a window, so that skipping a string never reads it. */
class HeaderCursor {
  private readonly fd: number;
  readonly size: number;
  private position = 0;
  private window = Buffer.alloc(0);
  private windowStart = 0;

  constructor(fd: number, size: number) {
    this.fd = fd;
    this.size = size;
  }

  get offset(): number {
    return this.position;
  }

  private bytes(n: number, what: string): Buffer {
    this.need(n, what);
    const end = this.position + n;
    if (this.position < this.windowStart || end > this.windowStart + this.window.length) {
      this.window = Buffer.alloc(Math.max(n, 1 << 20));
      this.windowStart = this.position;
      const read = readSync(this.fd, this.window, 0, this.window.length, this.position);
      this.window = this.window.subarray(0, read);
    }
    const at = this.position - this.windowStart;
    this.position = end;
    return this.window.subarray(at, at + n);
  }

  /** Refuses a declaration that needs more bytes than the file has left. */
  need(n: number, what: string): void {
    if (n > this.size - this.position)
      throw new MalformedGguf(`${what} needs ${n} bytes at offset ${this.position}, but the file has ${this.size - this.position} left`);
  }

  u32(what: string): number {
    return this.bytes(4, what).readUInt32LE(0);
  }

  u64(what: string): number {
    const value = this.bytes(8, what).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new MalformedGguf(`${what} declares ${value}, more than any file holds`);
    return Number(value);
  }

  skip(n: number, what: string): void {
    this.need(n, what);
    this.position += n;
  }

  /** A string's bytes; `keep` reads a name (at most MAX_NAME bytes), otherwise the string is only skipped. */
  string(what: string, keep = false): string {
    const length = this.u64(`the length of ${what}`);
    if (keep && length > MAX_NAME) throw new MalformedGguf(`${what} is ${length} bytes long; a name has at most ${MAX_NAME}`);
    if (!keep) {
      this.skip(length, what);
      return '';
    }
    return this.bytes(length, what).toString('utf8');
  }
}

function skipValue(cursor: HeaderCursor, type: number, key: string, depth: number): void {
  if (FIXED_SIZES[type] !== undefined) return cursor.skip(FIXED_SIZES[type], `the value of ${key}`);
  if (type === STRING) return void cursor.string(`the value of ${key}`);
  if (type !== ARRAY) throw new MalformedGguf(`${key} has an unknown value type ${type}`);
  if (depth >= MAX_ARRAY_DEPTH) throw new MalformedGguf(`${key} nests arrays more than ${MAX_ARRAY_DEPTH} deep`);
  const elementType = cursor.u32(`the element type of ${key}`);
  if (FIXED_SIZES[elementType] === undefined && elementType !== STRING && elementType !== ARRAY)
    throw new MalformedGguf(`${key} is an array of an unknown type ${elementType}`);
  const count = cursor.u64(`the length of ${key}`);
  cursor.need(count * leastSize(elementType), `${key} (${count} elements)`);
  if (FIXED_SIZES[elementType] !== undefined) return cursor.skip(count * FIXED_SIZES[elementType], key);
  for (let i = 0; i < count; i++) skipValue(cursor, elementType, `${key}[${i}]`, depth + 1);
}

function walkHeader(cursor: HeaderCursor): void {
  const magic = cursor.u32('the magic number');
  if (magic !== 0x46554747) throw new MalformedGguf('it does not start with "GGUF"');
  const version = cursor.u32('the version');
  if (version !== 2 && version !== 3) throw new MalformedGguf(`it is GGUF version ${version}; llama.cpp reads versions 2 and 3`);
  const tensorCount = cursor.u64('the tensor count');
  const kvCount = cursor.u64('the metadata key count');
  // Each key takes at least 13 bytes (length, type, one byte of value), each tensor at least 24.
  cursor.need(kvCount * 13, `${kvCount} metadata keys`);
  for (let i = 0; i < kvCount; i++) {
    const key = cursor.string(`metadata key ${i + 1}`, true);
    skipValue(cursor, cursor.u32(`the type of ${key}`), key, 0);
  }
  cursor.need(tensorCount * 24, `${tensorCount} tensors`);
  for (let i = 0; i < tensorCount; i++) {
    const name = cursor.string(`the name of tensor ${i + 1}`, true);
    const dims = cursor.u32(`the dimensions of ${name}`);
    if (dims > MAX_DIMS) throw new MalformedGguf(`tensor ${name} has ${dims} dimensions; llama.cpp allows ${MAX_DIMS}`);
    for (let d = 0; d < dims; d++) if (cursor.u64(`dimension ${d + 1} of ${name}`) === 0) throw new MalformedGguf(`tensor ${name} has an empty dimension`);
    const type = cursor.u32(`the type of ${name}`);
    if (!KNOWN_TENSOR_TYPES.has(type)) throw new MalformedGguf(`tensor ${name} has an unknown type ${type}`);
    cursor.u64(`the offset of ${name}`);
  }
}

/** Throws InvalidModelFile saying what is wrong where a GGUF header declares more than the file holds, or is not one. */
export function checkGgufHeader(path: string): void {
  const fd = openSync(path, 'r');
  try {
    walkHeader(new HeaderCursor(fd, fstatSync(fd).size));
  } catch (error) {
    if (!(error instanceof MalformedGguf)) throw error;
    throw saidError(
      'InvalidModelFile',
      { message: 'error.notValidGguf', hint: 'error.notGguf.hint', vars: { file: path, why: error.message } },
      { details: { path } },
    );
  } finally {
    closeSync(fd);
  }
}
