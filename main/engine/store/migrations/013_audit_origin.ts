import { sqlMigration } from './migration.ts';

/**
 * What asked for each call (a chat, a job, a single call). Entries written before have none, and their hash stays
 * as it was: the origin enters an entry's hash only where it is set.
 */
export const auditOrigin = sqlMigration(13, 'audit log origin', 'ALTER TABLE audit_log ADD COLUMN origin TEXT;');
