// Fixes to chat templates that the Jinja interpreter inside node-llama-cpp (@huggingface/jinja 0.5) renders otherwise
// than Python's jinja2, which trained the model: each patch rewrites the template into one both interpreters render
// alike, and applies only where its exact text is found. node-llama-cpp then uses the patched template through its
// custom Jinja setting; `kopa models inspect` names the patches applied.

export interface TemplatePatch {
  id: string;
  /** What goes wrong without it. */
  why: string;
  /** The patched template, or undefined when the template is not the one this patch is for. */
  apply: (template: string) => string | undefined;
}

/** Replaces each `from` with its `to`, or undefined unless every one of them is found exactly once. */
function replaceAll(template: string, edits: [from: string, to: string][]): string | undefined {
  let out = template;
  for (const [from, to] of edits) {
    const at = out.indexOf(from);
    if (at < 0 || out.indexOf(from, at + 1) >= 0) return undefined;
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}

export const TEMPLATE_PATCHES: readonly TemplatePatch[] = [
  {
    id: 'exaone4-system-continue',
    why: 'EXAONE 4.0 writes the system turn and then `{%- continue %}`; @huggingface/jinja drops everything a loop iteration wrote when it meets `continue`, so the system prompt vanishes (jinja2 keeps it). The patch skips the rest of that iteration with an `if` instead.',
    apply: (template) =>
      template.includes("'[|system|]\\n'")
        ? replaceAll(template, [
            ['            {{- end_of_turn -}}\n            {%- continue %}\n', '            {{- end_of_turn -}}\n'],
            ["    {%- if role == 'assistant' %}\n", "    {%- if i == 0 and role == 'system' %}\n    {%- elif role == 'assistant' %}\n"],
          ])
        : undefined,
  },
];

/** The template with every patch that applies to it, and their ids. */
export function patchTemplate(template: string): { template: string; patches: string[] } {
  let out = template;
  const patches: string[] = [];
  for (const patch of TEMPLATE_PATCHES) {
    const patched = patch.apply(out);
    if (patched !== undefined) {
      out = patched;
      patches.push(patch.id);
    }
  }
  return { template: out, patches };
}
