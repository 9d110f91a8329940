// Names from a catalog become Python identifiers in the generated training kit. The catalog schema already refuses
// parameter names that are not ASCII identifiers, but a kit must compile and must not run code on import even from a
// catalog that slipped past it (an edited database, an older import): every name is mapped here, and the wire name
// only ever reaches Python inside a string literal.

/** Python 3.12's keywords (`keyword.kwlist`); soft keywords such as `match` and `type` are valid names. */
const PYTHON_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a catalog name can be used as it is in generated Python. */
const isPlainIdentifier = (name: string): boolean => IDENTIFIER.test(name) && !PYTHON_KEYWORDS.has(name);

/**
 * Safe, distinct Python identifiers for names, in order: a plain identifier stays as it is unless `reserved` holds it
 * (names the generated code itself uses there); anything else keeps its letters and digits and gains a trailing "_"
 * (and a number where two would collide).
 */
export function pythonIdentifiers(names: readonly string[], reserved: ReadonlySet<string> = new Set()): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set(reserved);
  for (const name of names) if (isPlainIdentifier(name) && !reserved.has(name)) taken.add(name);
  for (const name of names) {
    if (out.has(name)) continue;
    if (isPlainIdentifier(name) && !reserved.has(name)) {
      out.set(name, name);
      continue;
    }
    const stem = `${/^[A-Za-z_]/.test(name) ? '' : 'p_'}${name.replace(/[^A-Za-z0-9_]/g, '_')}_`;
    let candidate = stem;
    for (let n = 2; taken.has(candidate); n++) candidate = `${stem}${n}`;
    taken.add(candidate);
    out.set(name, candidate);
  }
  return out;
}
