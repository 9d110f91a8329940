// Runs before every test file (setup files are, even where files share their modules): releases what each test and
// each file registered in test/helpers/release.ts, then checks that the file left no engine open (every engine a
// test opens is told to the tracker; one still open is closed and the file fails, naming its data folder). These
// hooks run after the file's own.
import { afterAll, afterEach } from 'vitest';
import { setEngineTracker } from '../../main/engine/engineTracker.ts';
import { releaseFile, releaseTest } from '../helpers/release.ts';

const open = new Set<{ readonly dataDir: string; dispose?: () => Promise<void> }>();
setEngineTracker({ opened: (engine) => void open.add(engine), disposed: (engine) => void open.delete(engine) });

afterEach(releaseTest);
afterAll(async () => {
  await releaseFile();
  const left = [...open];
  open.clear();
  for (const engine of left) await engine.dispose?.();
  if (left.length > 0) throw new Error(`This file left ${left.length} engine(s) open: ${left.map((e) => e.dataDir).join(', ')}`);
});
