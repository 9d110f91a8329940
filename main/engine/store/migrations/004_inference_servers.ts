import { sqlMigration } from './migration.ts';

/** OpenAI-compatible inference servers the user registered: the only model endpoints the app may reach. */
export const inferenceServers = sqlMigration(
  4,
  'inference servers',
  `CREATE TABLE inference_servers (
     id         TEXT PRIMARY KEY,
     base_url   TEXT NOT NULL,
     model      TEXT NOT NULL,
     added_at   TEXT NOT NULL,
     UNIQUE (base_url, model)
   ) STRICT;`,
);
