// The region names the copy grammar holds a stated region to (core/region/regionBook.ts), read once per resources
// folder from its 법정동 list: every model run in the process shares one book.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { regionBook, type RegionBook } from '../../core/region/regionBook.ts';

const books = new Map<string, RegionBook>();

/** The book of the existing 법정동 names in `resourcesDir`/regions/legal-dong-codes.tsv. */
export function regionBookFile(resourcesDir: string): RegionBook {
  const file = path.join(resourcesDir, 'regions', 'legal-dong-codes.tsv');
  let book = books.get(file);
  if (!book) {
    const names = readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      .filter((cells) => cells[2]?.trim() === '존재')
      .map((cells) => cells[1]!);
    book = regionBook(names);
    books.set(file, book);
  }
  return book;
}
