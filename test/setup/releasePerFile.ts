// Runs before every test file (setup files are, even where files share their modules): releases what each test and
// each file registered in test/helpers/release.ts. These hooks run after the file's own.
import { afterAll, afterEach } from 'vitest';
import { releaseFile, releaseTest } from '../helpers/release.ts';

afterEach(releaseTest);
afterAll(releaseFile);
