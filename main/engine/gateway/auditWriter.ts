// Audit entries of calls that finish in the same turn of the event loop are committed together: one transaction
// (and one WAL commit) for many calls, which at loopback speed is most of a call's cost. Every caller still waits
// for its own entry to be committed before it sees its result, so no answered call is missing from the log.
import type { AuditEntry, AuditRepository } from '../store/repositories/AuditRepository.ts';

interface Pending {
  entry: AuditEntry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class AuditWriter {
  private readonly repository: AuditRepository;
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(repository: AuditRepository) {
    this.repository = repository;
  }

  /** Resolves once the entry is committed to the chain. */
  write(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits whatever is queued now (also called before the store closes). */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      this.repository.appendAll(batch.map((p) => p.entry));
      for (const p of batch) p.resolve();
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
