import { sqlMigration } from './migration.ts';

/**
 * The UNIQUE constraint on `hash` kept an index whose entries land at random pages: every chained entry rewrote
 * one more page of it, about half the cost of an audit commit. The chain already makes a repeated hash impossible
 * (each hash covers the one before), and replacing by insert is refused by seq, so the table is rebuilt without it.
 * The triggers go with the old table and are made again, the insert guard now on seq alone.
 */
export const auditLogNoHashIndex = sqlMigration(
  7,
  'audit log: no index on the hash',
  `CREATE TABLE audit_log_next (
     seq         INTEGER PRIMARY KEY,
     at          TEXT NOT NULL,
     tool_id     TEXT NOT NULL,
     method      TEXT NOT NULL,
     host        TEXT NOT NULL,
     path        TEXT NOT NULL,
     args_hash   TEXT NOT NULL,
     result_code TEXT,
     error_kind  TEXT,
     bytes       INTEGER NOT NULL,
     latency_ms  REAL NOT NULL,
     mode        TEXT NOT NULL,
     prev_hash   TEXT NOT NULL,
     hash        TEXT NOT NULL
   ) STRICT;
   INSERT INTO audit_log_next SELECT seq, at, tool_id, method, host, path, args_hash, result_code, error_kind, bytes, latency_ms, mode, prev_hash, hash FROM audit_log ORDER BY seq;
   DROP TABLE audit_log;
   ALTER TABLE audit_log_next RENAME TO audit_log;
   CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
   BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
   CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
   BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
   CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
   WHEN NEW.seq <> -1 AND NEW.seq <= (SELECT coalesce(max(seq), 0) FROM audit_log)
   BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`,
);
