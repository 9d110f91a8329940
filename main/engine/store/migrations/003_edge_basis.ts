import { sqlMigration } from './migration.ts';

/** Why EDGE proposed a link (same value kind, a transform, or only names and formats), kept for the evidence view. */
export const edgeBasis = sqlMigration(
  3,
  'edge basis',
  "ALTER TABLE edges ADD COLUMN basis TEXT NOT NULL DEFAULT 'semantic' CHECK (basis IN ('semantic', 'transform', 'lexical'));",
);
