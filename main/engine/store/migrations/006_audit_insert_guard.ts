import { sqlMigration } from './migration.ts';

/**
 * The append-only triggers watch UPDATE and DELETE, but INSERT OR REPLACE deletes a row without firing a delete
 * trigger (unless recursive triggers are on in that connection): an insert that names an existing seq or repeats an
 * existing hash is refused before it can replace anything. (A seq SQLite assigns itself reads as -1 in a BEFORE
 * INSERT trigger.)
 */
export const auditInsertGuard = sqlMigration(
  6,
  'audit log: no replacing by insert',
  `CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
   WHEN (NEW.seq <> -1 AND NEW.seq <= (SELECT coalesce(max(seq), 0) FROM audit_log)) OR EXISTS (SELECT 1 FROM audit_log WHERE hash = NEW.hash)
   BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`,
);
