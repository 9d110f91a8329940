import { initialSchema } from './001_initial.ts';
import type { Migration } from './migration.ts';

/** Every schema step, oldest first. Append; never edit or reorder a released one. */
export const storeMigrations: readonly Migration[] = [initialSchema];

export type { Migration } from './migration.ts';
