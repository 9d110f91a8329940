import { sqlMigration } from './migration.ts';

/** Rollout runs of a model over a synthesized dataset, and their groups (G scored trajectories per prompt). */
export const rollouts = sqlMigration(
  8,
  'rollouts',
  `CREATE TABLE rollout_runs (
     id           TEXT PRIMARY KEY,
     dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
     params_json  TEXT NOT NULL,
     status       TEXT NOT NULL,
     summary_json TEXT,
     created_at   TEXT NOT NULL,
     finished_at  TEXT
   ) STRICT;
   CREATE TABLE rollout_groups (
     run_id       TEXT NOT NULL REFERENCES rollout_runs(id),
     sample_id    INTEGER NOT NULL,
     group_json   TEXT NOT NULL,
     created_at   TEXT NOT NULL,
     PRIMARY KEY (run_id, sample_id)
   ) STRICT;`,
);
