// JSONata, with the conversions real chains need registered as functions: the one expression language of
// plans, EDGE transforms and answer specs. Compiled expressions are cached: synthesis evaluates the same few
// thousand shapes over and over.
import jsonata from 'jsonata';
import { latLonToKmaGrid } from '../geo/kmaGrid.ts';
import { fromTransverseMercator, UTMK } from '../geo/transverseMercator.ts';
import { sidoShortName } from '../region/sidoNames.ts';
import { KopaError } from '../errors.ts';
import { saidError } from '../i18n/saidError.ts';

type Compiled = ReturnType<typeof jsonata>;

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 20_000;

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

function register(expression: Compiled): void {
  expression.registerFunction('kmaGrid', (lat: unknown, lon: unknown) => latLonToKmaGrid({ lat: num(lat), lon: num(lon) }), '<jj:o>');
  expression.registerFunction(
    'utmkToWgs84',
    (x: unknown, y: unknown) => {
      const p = fromTransverseMercator({ x: num(x), y: num(y) }, UTMK);
      return { lat: Number(p.lat.toFixed(7)), lon: Number(p.lon.toFixed(7)) };
    },
    '<jj:o>',
  );
  expression.registerFunction('sidoShort', (name: unknown) => (typeof name === 'string' ? sidoShortName(name) : name), '<j:j>');
  // Fixed-width codes: a number 426 read from XML must become "0426" again.
  expression.registerFunction(
    'pad',
    (value: unknown, width: unknown) => (value === undefined || value === null ? value : String(value).padStart(num(width), '0')),
    '<jn:s>',
  );
}

export function compileExpression(text: string): Compiled {
  let compiled = cache.get(text);
  if (!compiled) {
    try {
      compiled = jsonata(text);
    } catch (error) {
      const e = error as { message?: string; position?: number };
      const why = `${e.message ?? String(error)}${e.position !== undefined ? ` @ ${e.position}` : ''}`;
      throw saidError('InvalidRequest', { message: 'error.expression.invalid', vars: { text, why } });
    }
    register(compiled);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, compiled);
  }
  return compiled;
}

/** Evaluates an expression; undefined when it selects nothing. JSONata sequences come back as plain arrays. */
export async function evaluate(text: string, input: unknown, bindings: Record<string, unknown> = {}): Promise<unknown> {
  let result: unknown;
  try {
    result = await compileExpression(text).evaluate(input, bindings);
  } catch (error) {
    if (error instanceof KopaError) throw error;
    // JSONata throws plain objects ({code, message, position}), not Errors.
    const e = error as { message?: string; code?: string };
    throw saidError('InvalidRequest', {
      message: 'error.expression.failed',
      vars: { text, why: `${e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}` },
    });
  }
  return plain(result);
}

/** JSONata marks sequences with extra properties; copy them into ordinary arrays so equality and JSON stay simple. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** A string literal in JSONata syntax (for expressions the synthesizer writes). */
export function literal(value: string): string {
  return JSON.stringify(value);
}

/** A field reference in JSONata syntax: backquoted when the name is not a plain identifier. */
export function fieldRef(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replace(/`/g, '')}\``;
}

/** The field names an expression reads (s3.items[0].aptNm → items, aptNm), its step ids, $functions and quoted text aside. */
export function fieldNames(expr: string): Set<string> {
  const names = new Set<string>();
  for (const m of expr.matchAll(/(?<![$\w'"])([A-Za-z_][A-Za-z0-9_]*)/g)) if (!/^s\d+$/.test(m[1]!)) names.add(m[1]!);
  return names;
}
