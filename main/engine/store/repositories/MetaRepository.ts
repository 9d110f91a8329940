import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';

/** Facts about the data folder itself: who created it, who opened it last. */
export type MetaKey = 'createdAt' | 'createdByVersion' | 'lastOpenedAt' | 'lastOpenedByVersion';

export class MetaRepository {
  private readonly getStmt: SqliteStatement<[string], { value: string }>;
  private readonly setStmt: SqliteStatement<[string, string]>;

  constructor(db: SqliteDatabase) {
    this.getStmt = db.prepare('SELECT value FROM meta WHERE key = ?');
    this.setStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  }

  get(key: MetaKey): string | undefined {
    return this.getStmt.get(key)?.value;
  }

  set(key: MetaKey, value: string): void {
    this.setStmt.run(key, value);
  }

  /** Records this open, and the creation facts the first time. */
  recordOpen(appVersion: string, now: Date): void {
    const at = now.toISOString();
    if (this.get('createdAt') === undefined) {
      this.set('createdAt', at);
      this.set('createdByVersion', appVersion);
    }
    this.set('lastOpenedAt', at);
    this.set('lastOpenedByVersion', appVersion);
  }
}
