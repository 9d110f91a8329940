import { sqlMigration } from './migration.ts';

/**
 * BFCL runs with their scores, kept beside KOPA-Bench's runs: a base and a tuned model's BFCL numbers stay on record
 * (by model, when and on which categories) after the results folder has moved or been deleted.
 */
export const bfclRuns = sqlMigration(
  11,
  'bfcl runs',
  `CREATE TABLE bfcl_runs (
     id          TEXT PRIMARY KEY,
     model       TEXT NOT NULL,
     backend     TEXT NOT NULL,
     data_dir    TEXT NOT NULL,
     out_dir     TEXT NOT NULL,
     params_json TEXT NOT NULL CHECK (json_valid(params_json)),
     scores_json TEXT NOT NULL CHECK (json_valid(scores_json)),
     seconds     REAL NOT NULL,
     created_at  TEXT NOT NULL
   ) STRICT;
   CREATE INDEX bfcl_runs_created ON bfcl_runs (created_at);`,
);
