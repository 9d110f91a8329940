import { sqlMigration } from './migration.ts';

/** How many rows a link's target returned in each trial, so the evidence can say "returned 67 rows" in words. */
export const edgeTrialRows = sqlMigration(12, 'edge trial rows', 'ALTER TABLE edge_trials ADD COLUMN to_rows INTEGER;');
