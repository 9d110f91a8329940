// JSON nested without end is refused where it enters. JSON.parse takes any depth, but every walk after it recurses
// (schema validation, canonical hashing, JSON.stringify), so 100,000 levels overflow the stack and surface as an
// Internal error from deep inside a tool call. No request, tool argument or result this product handles comes near
// the bound.

/** The deepest nesting of arrays and objects accepted from outside the engine. */
export const MAX_JSON_DEPTH = 256;

/** Whether a parsed JSON value nests arrays and objects deeper than `max`, walked without recursion. */
export function jsonDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
