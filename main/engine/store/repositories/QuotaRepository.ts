// Calls counted per API quota group and KST day, in the database, so a restart does not reset a daily limit.
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';

export class QuotaRepository {
  private readonly getStmt: SqliteStatement<[string, string], { used: number }>;
  private readonly addStmt: SqliteStatement<[string, string]>;

  constructor(db: SqliteDatabase) {
    this.getStmt = db.prepare('SELECT used FROM quota_usage WHERE api_id = ? AND window_key = ?');
    this.addStmt = db.prepare(
      'INSERT INTO quota_usage (api_id, window_key, used) VALUES (?, ?, 1) ON CONFLICT (api_id, window_key) DO UPDATE SET used = used + 1',
    );
  }

  used(group: string, windowKey: string): number {
    return this.getStmt.get(group, windowKey)?.used ?? 0;
  }

  add(group: string, windowKey: string): void {
    this.addStmt.run(group, windowKey);
  }
}
