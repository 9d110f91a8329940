import { sqlMigration } from './migration.ts';

/**
 * Outbound attempts on record before their request is sent: a row is committed before the socket opens and
 * replaced by its chained audit entry when the attempt ends, so a request that left is on record even when the
 * process dies before the answer (the next start appends it as interrupted). `owner` is the process that sent it.
 */
export const auditInflight = sqlMigration(
  5,
  'audit in-flight attempts',
  `CREATE TABLE audit_inflight (
     id          INTEGER PRIMARY KEY,
     owner       INTEGER NOT NULL,
     entry_json  TEXT NOT NULL CHECK (json_valid(entry_json))
   ) STRICT;`,
);
