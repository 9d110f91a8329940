// A model reference as a table or a sentence shows it.
import { readModelRef, SCRIPTED_PREFIX } from '../../main/core/models/modelRef.ts';
/**
 * How a model reference reads in a table or a sentence: a registered model by its name, a file or a script by its
 * file name (the whole reference stays available as a tooltip), a server as given.
 */
export function modelLabel(ref: string, registered: readonly { id: string; name: string }[]): string {
  const known = registered.find((m) => m.id === ref);
  if (known) return known.name;
  const read = readModelRef(ref);
  if (read.kind === 'scripted') return `${SCRIPTED_PREFIX}${baseName(read.file)}`;
  if (read.kind !== 'name' || (/^[a-z]+:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref))) return ref;
  return baseName(ref);
}

function baseName(file: string): string {
  return file.split(/[\\/]/).filter(Boolean).pop() ?? file;
}
