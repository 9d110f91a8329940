// The gateway's audit work of one turn of the event loop is committed together: one transaction (and one WAL
// commit) for many calls, which at loopback speed is most of a call's cost. Every caller still waits for its own
// write: an attempt is on record (in flight) before its request is sent, and its chained entry is committed before
// the caller sees the result, so no request that left is missing from the log.
import type { AuditEntry, AuditRepository } from './AuditRepository.ts';
import type { AuditCheckpoints } from './auditCheckpoints.ts';

/** Chained entries between two checkpoints of the head. */
const CHECKPOINT_EVERY = 100;

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export class AuditWriter {
  private readonly repository: AuditRepository;
  private begins: (Waiting<number> & { entry: AuditEntry })[] = [];
  private finishes: (Waiting<void> & { id: number; entry: AuditEntry })[] = [];
  private appends: (Waiting<void> & { entry: AuditEntry })[] = [];
  private scheduled = false;
  private readonly checkpoints: AuditCheckpoints | undefined;
  private sinceCheckpoint = 0;

  /** `checkpoints`: where the head is written every 100 entries and when the writer closes. */
  constructor(repository: AuditRepository, checkpoints?: AuditCheckpoints) {
    this.repository = repository;
    this.checkpoints = checkpoints;
  }

  /** Writes the head to the checkpoint file (after the last flush). */
  checkpoint(): void {
    const head = this.repository.head();
    if (head) this.checkpoints?.record(head);
    this.sinceCheckpoint = 0;
  }

  /** An entry for something that sent no request (a replay, a refusal): resolves once it is in the chain. */
  write(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => this.queue(() => this.appends.push({ entry, resolve, reject })));
  }

  /** Puts an attempt on record before its request is sent: resolves, with its ticket, once that is committed. */
  begin(entry: AuditEntry): Promise<number> {
    return new Promise((resolve, reject) => this.queue(() => this.begins.push({ entry, resolve, reject })));
  }

  /** Ends an attempt: resolves once its final entry is in the chain. */
  finish(id: number, entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => this.queue(() => this.finishes.push({ id, entry, resolve, reject })));
  }

  private queue(add: () => void): void {
    add();
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Commits whatever is queued now (also called before the store closes). */
  flush(): void {
    this.scheduled = false;
    const [begins, finishes, appends] = [this.begins, this.finishes, this.appends];
    this.begins = [];
    this.finishes = [];
    this.appends = [];
    if (begins.length + finishes.length + appends.length === 0) return;
    try {
      const ids = this.repository.commit({
        begin: begins.map((b) => b.entry),
        finish: finishes.map(({ id, entry }) => ({ id, entry })),
        append: appends.map((a) => a.entry),
      });
      begins.forEach((b, i) => b.resolve(ids[i]!));
      for (const w of [...finishes, ...appends]) w.resolve();
      this.sinceCheckpoint += finishes.length + appends.length;
      if (this.sinceCheckpoint >= CHECKPOINT_EVERY) this.checkpoint();
    } catch (error) {
      for (const w of [...begins, ...finishes, ...appends]) w.reject(error);
    }
  }
}
