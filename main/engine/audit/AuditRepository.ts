// The audit log: one entry per outbound attempt (each hop of a redirect its own), each carrying the hash of the one
// before. An attempt is on record in audit_inflight before its request is sent, and becomes its chained entry when
// it ends. The table's triggers refuse UPDATE and DELETE; the chain (and the head kept in meta) lets
// `kopa audit verify` find an entry that was edited or removed by other means.
import { createHash } from 'node:crypto';
import type { SqliteDatabase, SqliteStatement, SqliteTransaction } from '../../../native/sqlite/index.ts';
import type { AuditCheckpoint } from './auditCheckpoints.ts';
import { processAlive } from '../store/processAlive.ts';
import type { AuditListEntry, AuditListParams, AuditVerdict } from '../../api/contract.ts';
import type { CallOrigin } from '../../core/gateway/callOrigin.ts';

/** What the gateway writes for one request: never arguments or keys, only their hash. */
export type AuditEntry = Omit<AuditListEntry, 'seq' | 'hash' | 'origin'> & { origin?: CallOrigin | null };

/** The audit log's filter and page, as the engine API takes it. */
export type AuditQuery = AuditListParams;

export interface AuditRow extends AuditEntry {
  origin: CallOrigin | null;
  seq: number;
  prevHash: string;
  hash: string;
}

/**
 * One turn of the gateway's audit work: attempts put on record, attempts ended (in the chain, out of flight), and
 * entries for what sent nothing.
 */
export interface AuditWork {
  begin: AuditEntry[];
  finish: { id: number; entry: AuditEntry }[];
  append: AuditEntry[];
}

export const GENESIS_HASH = '0'.repeat(64);

/** The triggers that keep the table append-only (migrations 1 and 6). */
const APPEND_ONLY_TRIGGERS = ['audit_log_no_update', 'audit_log_no_delete', 'audit_log_no_replace'];

/**
 * The entry's canonical JSON (keys sorted, as canonicalJson writes it) built directly: an object literal in sorted
 * key order stringifies to the same text, several times faster, and only the fields of an entry count. The origin
 * counts only where it is set, so entries written before the log kept it hash as they did.
 */
export function canonicalEntry(entry: AuditEntry): string {
  const { argsHash, at, bytes, errorKind, host, latencyMs, method, mode, origin, path, resultCode, toolId } = entry;
  return origin === null || origin === undefined
    ? JSON.stringify({ argsHash, at, bytes, errorKind, host, latencyMs, method, mode, path, resultCode, toolId })
    : JSON.stringify({ argsHash, at, bytes, errorKind, host, latencyMs, method, mode, origin, path, resultCode, toolId });
}

export function auditHash(prevHash: string, entry: AuditEntry): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalEntry(entry)}`)
    .digest('hex');
}

interface DbRow {
  seq: number;
  at: string;
  tool_id: string;
  method: string;
  host: string;
  path: string;
  args_hash: string;
  result_code: string | null;
  error_kind: string | null;
  bytes: number;
  latency_ms: number;
  mode: string;
  origin: CallOrigin | null;
  prev_hash: string;
  hash: string;
}

export class AuditRepository {
  private readonly db: SqliteDatabase;
  private readonly lastStmt: SqliteStatement<[], { seq: number; hash: string }>;
  private readonly insertStmt: SqliteStatement;
  private readonly headStmt: SqliteStatement<[string]>;
  private readonly appendTx: (entries: AuditEntry[]) => AuditRow[];
  private readonly beginStmt: SqliteStatement<[number, string]>;
  private readonly finishStmt: SqliteStatement<[number]>;
  private readonly commitTx: SqliteTransaction<(work: AuditWork, owner: number) => number[]>;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.lastStmt = db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1');
    this.insertStmt =
      db.prepare(`INSERT INTO audit_log (at, tool_id, method, host, path, args_hash, result_code, error_kind, bytes, latency_ms, mode, origin, prev_hash, hash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.headStmt = db.prepare("INSERT INTO meta (key, value) VALUES ('auditHead', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    // IMMEDIATE: the read of the last hash and the insert happen under one write lock, even with two processes.
    const tx = db.transaction((entries: AuditEntry[]) => this.chain(entries));
    this.appendTx = (entries) => tx.immediate(entries);
    this.beginStmt = db.prepare('INSERT INTO audit_inflight (owner, entry_json) VALUES (?, ?)');
    this.finishStmt = db.prepare('DELETE FROM audit_inflight WHERE id = ?');
    this.commitTx = db.transaction((work: AuditWork, owner: number): number[] => {
      const ids = work.begin.map((entry) => Number(this.beginStmt.run(owner, JSON.stringify(entry)).lastInsertRowid));
      const chained = [...work.finish.map((f) => f.entry), ...work.append];
      if (chained.length) this.chain(chained);
      for (const { id } of work.finish) this.finishStmt.run(id);
      return ids;
    });
  }

  /** Links entries onto the chain's end; the caller holds the write transaction. */
  private chain(entries: AuditEntry[]): AuditRow[] {
    let prevHash = this.lastStmt.get()?.hash ?? GENESIS_HASH;
    const rows = entries.map((entry) => {
      const hash = auditHash(prevHash, entry);
      const info = this.insertStmt.run(
        entry.at,
        entry.toolId,
        entry.method,
        entry.host,
        entry.path,
        entry.argsHash,
        entry.resultCode,
        entry.errorKind,
        entry.bytes,
        entry.latencyMs,
        entry.mode,
        entry.origin ?? null,
        prevHash,
        hash,
      );
      const row = { ...entry, origin: entry.origin ?? null, seq: Number(info.lastInsertRowid), prevHash, hash };
      prevHash = hash;
      return row;
    });
    this.headStmt.run(prevHash);
    return rows;
  }

  /**
   * One turn of the gateway's audit work in one transaction: attempts put on record, attempts ended (in the chain,
   * out of flight), and entries for what sent nothing. Returns the in-flight ids of the begun attempts.
   */
  commit(work: AuditWork, owner: number = process.pid): number[] {
    return this.commitTx.immediate(work, owner);
  }

  /** Ends attempts: each becomes a chained entry and leaves the in-flight table, in one transaction. */
  finishAll(items: { id: number; entry: AuditEntry }[]): AuditRow[] {
    if (items.length === 0) return [];
    return this.db
      .transaction(() => {
        const rows = this.appendTx(items.map((i) => i.entry));
        for (const { id } of items) this.finishStmt.run(id);
        return rows;
      })
      .immediate();
  }

  /**
   * Attempts whose process died before they ended (killed while waiting for an answer): appended to the chain as
   * interrupted, since their request may have left. Attempts of processes still running are theirs to finish.
   */
  recoverInterrupted(alive: (pid: number) => boolean = processAlive): number {
    const stale = (
      this.db.prepare('SELECT id, owner, entry_json FROM audit_inflight ORDER BY id').all() as { id: number; owner: number; entry_json: string }[]
    ).filter((r) => !alive(r.owner));
    this.finishAll(stale.map((r) => ({ id: r.id, entry: { ...(JSON.parse(r.entry_json) as AuditEntry), errorKind: 'Interrupted' } })));
    return stale.length;
  }

  append(entry: AuditEntry): AuditRow {
    return this.appendTx([entry])[0]!;
  }

  /** Appends entries in order, in one transaction: all of them are in the chain, or none. */
  appendAll(entries: AuditEntry[]): AuditRow[] {
    return entries.length === 0 ? [] : this.appendTx(entries);
  }

  /**
   * The chain's end: how many entries, the last seq and its hash; undefined while the log is empty. Entries are
   * numbered from 1 without gaps (verify reports any gap), so the last seq is the count, read without a scan of a
   * log that grows for years.
   */
  head(): { entries: number; seq: number; hash: string } | undefined {
    const last = this.lastStmt.get();
    return last ? { entries: last.seq, ...last } : undefined;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;
  }

  /** Entries matching a filter, newest first, a page at a time (`beforeSeq` continues below the last page). */
  query(filter: AuditQuery): { total: number; entries: AuditRow[] } {
    const where: string[] = [];
    const values: Record<string, string | number> = {};
    if (filter.tool) {
      where.push('instr(tool_id, @tool) > 0');
      values.tool = filter.tool;
    }
    if (filter.outcome === 'ok') where.push('error_kind IS NULL');
    if (filter.outcome === 'error') where.push('error_kind IS NOT NULL');
    if (filter.origin) {
      where.push('origin = @origin');
      values.origin = filter.origin;
    }
    if (filter.from) {
      where.push('at >= @from');
      values.from = filter.from;
    }
    if (filter.to) {
      where.push('at < @to');
      values.to = filter.to;
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT count(*) AS n FROM audit_log ${clause}`).get(values) as { n: number }).n;
    const page = [...where, ...(filter.beforeSeq !== undefined ? ['seq < @beforeSeq'] : [])];
    const rows = this.db
      .prepare(`SELECT * FROM audit_log ${page.length ? `WHERE ${page.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT @limit`)
      .all({ ...values, ...(filter.beforeSeq !== undefined ? { beforeSeq: filter.beforeSeq } : {}), limit: filter.limit ?? 200 }) as DbRow[];
    return { total, entries: rows.map(fromDb) };
  }

  recent(limit: number): AuditRow[] {
    return (this.db.prepare('SELECT * FROM audit_log ORDER BY seq DESC LIMIT ?').all(limit) as DbRow[]).map(fromDb);
  }

  /**
   * Walks the whole chain: a gap in the sequence, a broken link, a hash that does not match, a head that is not the
   * last entry, a missing append-only trigger, and any disagreement with the checkpoints kept outside the database.
   */
  verify(checkpoints: AuditCheckpoint[] = []): AuditVerdict {
    const problems: { seq: number | null; message: string }[] = [];
    const triggers = new Set(this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'").pluck().all() as string[]);
    for (const name of APPEND_ONLY_TRIGGERS)
      if (!triggers.has(name)) problems.push({ seq: null, message: `the append-only trigger ${name} is missing (it was dropped outside KOPA Studio)` });
    const hashBySeq = new Map<number, string>();
    let prev = GENESIS_HASH;
    let expectedSeq: number | undefined;
    let entries = 0;
    for (const raw of this.db.prepare('SELECT * FROM audit_log ORDER BY seq').iterate() as Iterable<DbRow>) {
      const row = fromDb(raw);
      entries++;
      if (expectedSeq !== undefined && row.seq !== expectedSeq) problems.push({ seq: row.seq, message: `entries ${expectedSeq}…${row.seq - 1} are missing` });
      if (row.prevHash !== prev) problems.push({ seq: row.seq, message: 'does not link to the entry before it (an entry was removed or replaced)' });
      const { seq: _seq, prevHash, hash, ...entry } = row;
      if (auditHash(prevHash, entry) !== hash) problems.push({ seq: row.seq, message: 'its content does not match its hash (the entry was edited)' });
      prev = hash;
      expectedSeq = row.seq + 1;
      hashBySeq.set(row.seq, hash);
    }
    for (const c of checkpoints) {
      if (hashBySeq.get(c.seq) !== c.hash)
        problems.push({
          seq: c.seq,
          message: `does not match the checkpoint written ${c.at} (${c.entries} entries, hash ${c.hash.slice(0, 12)}…): the log was rewritten or cut back`,
        });
      else if (entries < c.entries)
        problems.push({ seq: null, message: `the log has ${entries} entries but the checkpoint written ${c.at} counted ${c.entries}` });
    }
    const head = (this.db.prepare("SELECT value FROM meta WHERE key = 'auditHead'").get() as { value: string } | undefined)?.value;
    if (head !== undefined && head !== prev) problems.push({ seq: null, message: 'the last entries are missing (the recorded head is not the last entry)' });
    if (head === undefined && entries > 0) problems.push({ seq: null, message: 'the recorded head of the chain is missing' });
    const checked = checkpoints.length ? { checkpoints: checkpoints.length } : {};
    return problems.length === 0 ? { ok: true, entries, head: prev, ...checked } : { ok: false, entries, problems, ...checked };
  }
}

function fromDb(r: DbRow): AuditRow {
  return {
    seq: r.seq,
    at: r.at,
    toolId: r.tool_id,
    method: r.method,
    host: r.host,
    path: r.path,
    argsHash: r.args_hash,
    resultCode: r.result_code,
    errorKind: r.error_kind,
    bytes: r.bytes,
    latencyMs: r.latency_ms,
    mode: r.mode,
    origin: r.origin,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}
