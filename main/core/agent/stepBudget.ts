// A grammar-mode turn's token budget: the tokens of the longest output its grammar admits, so that a valid call is not
// cut off, while a weak model's ramble ends where the grammar ends it. Strings are bounded by their schema
// (grammarSchema.ts); every character counts as a Hangul syllable (three bytes: a byte-level tokenizer's worst usual
// case, a token or two for a modern one), since the grammar bounds a code's length, not its characters. Numbers and
// arrays, which a llama.cpp grammar cannot bound, count as the longest double (24 characters) and ARRAY_ITEMS items, and the
// layout is the most the grammar allows: a new line and the nesting's indentation before every element.
import type { GrammarSchema } from './grammarSchema.ts';

const ARRAY_ITEMS = 4;
const CHAR = '가';
/** node-llama-cpp's JSON grammar indents each nesting level by this many spaces at most. */
const INDENT = 4;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function longestValue(schema: GrammarSchema, measure: (text: string) => number): Json {
  const longest = (values: Json[]): Json =>
    values.reduce((a, b) => (measure(JSON.stringify(b, null, INDENT)) > measure(JSON.stringify(a, null, INDENT)) ? b : a));
  if ('oneOf' in schema) return longest(schema.oneOf.map((s) => longestValue(s, measure)));
  if ('enum' in schema) return longest(schema.enum);
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'string':
      return CHAR.repeat(schema.maxLength);
    case 'number':
    case 'integer':
      return -Number.MAX_VALUE;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: ARRAY_ITEMS }, () => longestValue(schema.items, measure));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, longestValue(v, measure)]));
  }
}

/** The JSON text of the longest step the schema admits (the longest choice by `measure`, characters by default). */
export function longestStep(schema: GrammarSchema, measure: (text: string) => number = (t) => t.length): string {
  return JSON.stringify(longestValue(schema, measure), null, INDENT);
}

/** Tokens of the longest step, with a quarter more to spare. */
export function stepBudget(schema: GrammarSchema, countTokens: (text: string) => number): number {
  return Math.ceil(countTokens(longestStep(schema, countTokens)) * 1.25) + 8;
}
