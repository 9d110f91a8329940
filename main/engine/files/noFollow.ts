// Files the engine writes in the data folder, and the exports it writes where the analyst says, are opened without
// following a symbolic link at their own path: whoever can plant a link there must not be able to turn an append
// to the audit's checkpoints, or an export, into a write to a file elsewhere. A link, or a folder where a file
// belongs, is a typed error that names the path, never a write through it or a raw EISDIR.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import { saidError } from '../../core/i18n/saidError.ts';
import type { KopaError } from '../../core/errors.ts';

export interface WriteOptions {
  /** Permission bits of a file created. Defaults to 0o644 (0o600 for what only the analyst may read: pass it). */
  mode?: number;
}

function refusal(file: string, error: NodeJS.ErrnoException): KopaError | NodeJS.ErrnoException {
  if (error.code === 'ELOOP')
    return saidError('Usage', { message: 'error.linkedPath', hint: 'error.linkedPath.hint', vars: { file } }, { details: { path: file } });
  if (error.code === 'EISDIR') return saidError('Usage', { message: 'error.folderInPlace', vars: { file } }, { details: { path: file } });
  return error;
}

function openNoFollow(file: string, flags: number, mode: number): number {
  try {
    return openSync(file, flags | constants.O_NOFOLLOW, mode);
  } catch (error) {
    throw refusal(file, error as NodeJS.ErrnoException);
  }
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
}

/** Writes a whole file, created or truncated, refusing a link or a folder at its path. */
export function writeFileNoFollow(file: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  writeAll(openNoFollow(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, options.mode ?? 0o644), data);
}

/** Appends to a file, created if missing, refusing a link or a folder at its path. */
export function appendFileNoFollow(file: string, data: string, options: WriteOptions = {}): void {
  writeAll(openNoFollow(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND, options.mode ?? 0o644), data);
}

/** Reads a file the engine wrote itself, refusing a link or a folder put in its place. */
export function readFileNoFollow(file: string): string {
  const fd = openNoFollow(file, constants.O_RDONLY, 0);
  try {
    if (fstatSync(fd).isDirectory()) throw refusal(file, Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Refuses a link where the engine is about to open a file it owns through a library that follows links (SQLite). */
export function requireNoLink(file: string): void {
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return;
  }
  if (stat.isSymbolicLink()) throw refusal(file, Object.assign(new Error('ELOOP'), { code: 'ELOOP' }));
}

/** Refuses a link or a folder where the engine keeps a file of its own (the audit's checkpoints), before it starts. */
export function requireFileOrNone(file: string): void {
  requireNoLink(file);
  let isFolder: boolean;
  try {
    isFolder = lstatSync(file).isDirectory();
  } catch {
    return;
  }
  if (isFolder) throw refusal(file, Object.assign(new Error('EISDIR'), { code: 'EISDIR' }));
}
