import { sqlMigration } from './migration.ts';

/** A replay reports the latency of the live call it reproduces, so replayed results are identical everywhere. */
export const recordingLatency = sqlMigration(2, 'recording latency', 'ALTER TABLE recordings ADD COLUMN latency_ms REAL NOT NULL DEFAULT 0;');
