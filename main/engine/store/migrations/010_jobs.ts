import { sqlMigration } from './migration.ts';

/**
 * Long work run as jobs (synthesis, verification, evaluation, model import and load): what was asked, how far it got
 * and how it ended, so a reloaded window re-attaches and an engine restarted after a crash shows what it cut short.
 */
export const jobs = sqlMigration(
  10,
  'jobs',
  `CREATE TABLE jobs (
     id            TEXT PRIMARY KEY,
     method        TEXT NOT NULL,
     params_json   TEXT NOT NULL CHECK (json_valid(params_json)),
     status        TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled', 'interrupted')),
     owner_pid     INTEGER NOT NULL,
     progress_json TEXT CHECK (progress_json IS NULL OR json_valid(progress_json)),
     result_json   TEXT CHECK (result_json IS NULL OR json_valid(result_json)),
     error_json    TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
     resumed_from  TEXT,
     created_at    TEXT NOT NULL,
     updated_at    TEXT NOT NULL,
     finished_at   TEXT
   ) STRICT;
   CREATE INDEX jobs_by_status ON jobs(status, created_at);`,
);
