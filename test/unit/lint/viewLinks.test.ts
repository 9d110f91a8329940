// Every link from one view to another goes through the views' one list of addresses (app/viewPaths.ts): no file of
// the window writes a view's address itself, so renaming a view's path cannot leave a link to nowhere.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEW_PATHS } from '../../../renderer/src/app/viewPaths.ts';
import { repoRoot } from '../../helpers/runCli.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe("the window's links between views", () => {
  it('name views through viewLink, never by a written address', () => {
    const paths = Object.values(VIEW_PATHS).filter((p) => p !== '/');
    // A link or a navigation to a string that starts with a view's address: href="/chat", href: '/models',
    // href={`/catalog/${id}`}, navigate('/eval/…'), or either side of a choice between two.
    const address = `['"\`](${paths.map((p) => p.replace('/', '\\/')).join('|')})(['"\`/$])`;
    const written = new RegExp(`((href\\s*[=:]\\s*\\{?|navigate\\()\\s*|[?:]\\s*)${address}`);
    const offenders = sources(path.join(repoRoot, 'renderer', 'src'))
      .filter((file) => !file.endsWith(path.join('app', 'viewPaths.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => [line, i + 1] as const)
          .filter(([line]) => written.test(line))
          .map(([line, n]) => `${path.relative(repoRoot, file)}:${n}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
