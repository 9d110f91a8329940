// A KOPA-Nano recipe (DIR/recipe.json, `kopa train recipe DIR`): the one command that retrains a model from a named
// synthesis seed. The dataset is synthesized from its seed with the emulator's clock frozen at a stated moment (so
// "내일" and the hourly readings are the same on any machine, any day), then the run is trained and kept in DIR itself:
// a recipe's folder is also its kept run (keptRun.ts), so the same command goes on wherever the last machine stopped.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TrainNanoParams } from '../../../api/contract.ts';
import { saidError } from '../../../core/i18n/saidError.ts';

const recipeSchema = z
  .object({
    /** The run and the model. */
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/),
    synth: z
      .object({
        name: z.string().min(1),
        seed: z.string().min(1),
        count: z.number().int().positive(),
        /** 시군구 explored for the names questions state (synth.run's `places`); synth.run's default when absent. */
        places: z.number().int().positive().optional(),
        /** The emulator's frozen clock during synthesis (ISO). */
        now: z.iso.datetime({ offset: true }),
      })
      .strict(),
    /** train.nano's parameters but the dataset, the name and the kept folder (which the recipe gives); checked there. */
    train: z.record(z.string(), z.unknown()),
  })
  .strict();

export type NanoRecipe = z.infer<typeof recipeSchema>;

export function readNanoRecipe(dir: string): NanoRecipe {
  const file = path.join(dir, 'recipe.json');
  if (!existsSync(file)) throw saidError('NotFound', { message: 'error.noRecipe', hint: 'error.noRecipe.hint', vars: { file } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw saidError('InvalidRequest', { message: 'error.badRecipe', vars: { file, problem: (e as Error).message } });
  }
  const checked = recipeSchema.safeParse(parsed);
  if (!checked.success)
    throw saidError('InvalidRequest', {
      message: 'error.badRecipe',
      vars: { file, problem: checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') },
    });
  return checked.data;
}

/** The supervised run a recipe describes, kept in the recipe's own folder. */
export const recipeRun = (recipe: NanoRecipe, dir: string): TrainNanoParams => ({
  ...(recipe.train as Omit<TrainNanoParams, 'dataset' | 'name' | 'keep'>),
  dataset: recipe.synth.name,
  name: recipe.name,
  keep: path.resolve(dir),
});
