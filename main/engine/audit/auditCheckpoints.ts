// The audit chain's head written outside the database, as it grows: a file of checkpoints (entries, last seq, its
// hash) beside kopa.db. A hash chain without a key proves only that the entries agree with each other; whoever can
// write the database can rewrite all of it and the chain with it. A checkpoint kept elsewhere is what such a
// rewrite cannot match: `kopa audit verify` checks the log against every checkpoint, and the file can be copied off
// the machine (or its last line noted in a report) to make the record harder still to forge.
import { existsSync } from 'node:fs';
import { appendFileNoFollow, readFileNoFollow } from '../files/noFollow.ts';

export interface AuditCheckpoint {
  at: string;
  entries: number;
  seq: number;
  hash: string;
}

export class AuditCheckpoints {
  readonly file: string;
  private last: AuditCheckpoint | undefined;

  constructor(file: string) {
    this.file = file;
  }

  /** Every checkpoint written, oldest first; a line cut short by a crash is skipped. */
  read(): AuditCheckpoint[] {
    if (!existsSync(this.file)) return [];
    return readFileNoFollow(this.file)
      .split('\n')
      .flatMap((line) => {
        try {
          const c = JSON.parse(line) as AuditCheckpoint;
          return typeof c.seq === 'number' && typeof c.hash === 'string' && typeof c.entries === 'number' ? [c] : [];
        } catch {
          return [];
        }
      });
  }

  /** Appends the head unless it is the one written last. */
  record(head: Omit<AuditCheckpoint, 'at'>, now: Date = new Date()): void {
    this.last ??= this.read().at(-1);
    if (head.entries === 0 || (this.last && this.last.seq === head.seq && this.last.hash === head.hash)) return;
    const checkpoint = { at: now.toISOString(), ...head };
    appendFileNoFollow(this.file, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
    this.last = checkpoint;
  }
}
