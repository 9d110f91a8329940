// What makes two benchmark runs the same run: every setting that changes what the model is shown, what it does or
// how its answers are scored. The run id is derived from it and a resumed run must match it, so both read this one
// function; a setting left out here would let a resume mix attempts of two different configurations.
import type { BenchManifest } from './runTypes.ts';

/**
 * The version of the scoring rules (the judge, grounding, failure kinds). Attempts scored under other rules are
 * not resumed into the same run. 2: answers must commit to the expected value (no competing candidate) and a
 * grounded pass is recorded beside the pass. 3: the committed answer (a typed claim) is judged exactly, the message
 * is not (core/answer); an attempt the backend could not run counts as a failure.
 */
export const SCORING_VERSION = 3;

/** Whether a run judged committed answers (scoring 3 on) rather than free text: never compare the two. */
export const judgesClaims = (m: { scoring?: number }): boolean => (m.scoring ?? 1) >= 3;

export type IdentitySource = Pick<BenchManifest, 'suite' | 'model' | 'sampling' | 'backend' | 'view'> & { scoring?: number };

export function runIdentity(m: IdentitySource): Record<string, unknown> {
  return {
    suite: { hash: m.suite.hash, version: m.suite.version },
    model: {
      ref: m.model.ref,
      sha256: m.model.sha256,
      lora: m.model.lora,
      loraScale: m.model.loraScale ?? 1,
      chatTemplate: m.model.chatTemplate,
      contextSize: m.model.contextSize ?? null,
    },
    sampling: m.sampling,
    backend: { mode: m.backend.mode, snapshot: m.backend.snapshot, snapshotHash: m.backend.snapshotHash, emulatorSeed: m.backend.emulatorSeed },
    view: m.view,
    scoring: m.scoring ?? 1,
  };
}

/** The identity's parts that differ between two manifests, by name ("model", "sampling" …). */
export function identityChanges(was: IdentitySource, is: IdentitySource): string[] {
  const a = runIdentity(was);
  const b = runIdentity(is);
  const changed: string[] = [];
  for (const key of Object.keys(b)) {
    const x = a[key] as Record<string, unknown> | number;
    const y = b[key] as Record<string, unknown> | number;
    if (typeof y !== 'object' || typeof x !== 'object') {
      if (JSON.stringify(x) !== JSON.stringify(y)) changed.push(key);
      continue;
    }
    for (const part of Object.keys(y)) if (JSON.stringify(x[part] ?? null) !== JSON.stringify(y[part] ?? null)) changed.push(`${key}.${part}`);
  }
  return changed;
}
