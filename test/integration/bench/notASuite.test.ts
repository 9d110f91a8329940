// A suite is named by path, so a run (or a job edited in the database) can name any file the engine may read. An
// error must say only that the file is not a suite: no line, key or value of it comes back in the message.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

describe('a file that is not a suite', () => {
  for (const [what, text] of [
    ['text lines', 'root:x:0:0:SECRET-LINE:/root:/bin/bash\ndaemon:SECRET-TWO\n'],
    ['JSON objects', '{"SECRET-KEY": "SECRET-VALUE"}\n{"apiKey": "SECRET-TOKEN"}\n'],
  ] as const)
    it(`of ${what} is refused without quoting it`, async () => {
      const file = path.join(tempDir(), 'passwd');
      writeFileSync(file, text);
      const engine = testEngine();
      const error = (await engine.call('bench.run', { suite: file, model: 'oracle' }).catch((e: unknown) => e)) as { code: string; message: string };
      expect(error).toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('is not a KOPA-Bench suite') });
      expect(`${error.message} ${JSON.stringify(error)}`).not.toMatch(/SECRET|root:x|apiKey/);
    });
});
