// Answers remembered by key, at most `max` of them: a scorer asks the same question of every call of a long
// completion, and a hostile one must not grow the memory of a long-running service without bound.

/** `compute` remembered by the key `keyOf` gives; when `max` answers are held, they are all forgotten at once. */
export function boundedMemo<A extends unknown[], V>(compute: (...args: A) => V, keyOf: (...args: A) => string, max = 10_000): (...args: A) => V {
  const known = new Map<string, V>();
  return (...args: A): V => {
    const key = keyOf(...args);
    if (known.has(key)) return known.get(key)!;
    if (known.size >= max) known.clear();
    const value = compute(...args);
    known.set(key, value);
    return value;
  };
}
