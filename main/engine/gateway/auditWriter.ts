// Audit writes of calls that happen in the same turn of the event loop are committed together: one transaction
// (and one WAL commit) for many calls, which at loopback speed is most of a call's cost. Every caller still waits
// for its own write: an attempt is on record (in flight) before its request is sent, and its chained entry is
// committed before the caller sees the result, so no request that left is missing from the log.
import type { AuditEntry, AuditRepository, AuditRow } from '../store/repositories/AuditRepository.ts';

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Entries queued during one turn of the event loop, committed together at the next. */
class Batch<Item, Result> {
  private queue: (Waiting<Result> & { item: Item })[] = [];
  private scheduled = false;
  private readonly commit: (items: Item[]) => Result[];

  constructor(commit: (items: Item[]) => Result[]) {
    this.commit = commit;
  }

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      const results = this.commit(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

export class AuditWriter {
  private readonly appended: Batch<AuditEntry, AuditRow>;
  private readonly begun: Batch<AuditEntry, number>;
  private readonly finished: Batch<{ id: number; entry: AuditEntry }, AuditRow>;

  constructor(repository: AuditRepository) {
    this.appended = new Batch((entries) => repository.appendAll(entries));
    this.begun = new Batch((entries) => repository.beginAll(entries));
    this.finished = new Batch((items) => repository.finishAll(items));
  }

  /** An entry for something that sent no request (a replay, a refusal): resolves once it is in the chain. */
  async write(entry: AuditEntry): Promise<void> {
    await this.appended.add(entry);
  }

  /** Puts an attempt on record before its request is sent: resolves, with its ticket, once that is committed. */
  begin(entry: AuditEntry): Promise<number> {
    return this.begun.add(entry);
  }

  /** Ends an attempt: its final entry joins the chain. */
  async finish(id: number, entry: AuditEntry): Promise<void> {
    await this.finished.add({ id, entry });
  }

  /** Commits whatever is queued now (also called before the store closes). */
  flush(): void {
    this.begun.flush();
    this.finished.flush();
    this.appended.flush();
  }
}
