// A file the analyst names as input (a transcript to judge, a saved response to parse) is read bounded: only a
// regular file, at most `maxBytes`, so that /dev/zero or a named pipe cannot hold the command for ever or fill the
// memory, and a file that is not what was asked for (a password file given as a transcript) is refused without
// its contents appearing in the error.
import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';
import { saidError } from '../../core/i18n/saidError.ts';

export interface ReadInputOptions {
  /** Largest file accepted, in bytes. Defaults to 64 MiB. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export function readInputFile(file: string, options: ReadInputOptions = {}): Buffer {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let fd: number;
  try {
    // Non-blocking, so that opening a named pipe with no writer returns at once; it is refused just below.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw saidError('NotFound', { message: 'error.cannotRead', vars: { file, reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message } });
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw saidError('Usage', { message: 'error.inputNotFile', vars: { file } });
    if (stat.size > maxBytes) throw saidError('Usage', { message: 'error.inputTooLarge', vars: { file, size: stat.size, max: maxBytes } });
    // Read to the bound, not to the size the file reports: /proc's files say 0 and a growing file says too little.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw saidError('Usage', { message: 'error.inputTooLarge', vars: { file, size: total, max: maxBytes } });
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** A JSON file the analyst names as input, read bounded; one that is not JSON is refused without quoting it. */
export function readInputJson(file: string, options: ReadInputOptions = {}): unknown {
  const text = readInputFile(file, options).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw saidError('Usage', { message: 'error.inputNotJson', vars: { file } });
  }
}
