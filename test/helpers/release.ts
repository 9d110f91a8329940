// What a test or a test file leaves behind (temporary folders, engines, the llama runtime), released after each test
// and each file by test/setup/releasePerFile.ts. Helpers register here rather than registering hooks of their own: a
// helper module is evaluated once per worker where files share their modules (`isolate: false`), so its own hooks
// would run for the first file only.
type Release = () => unknown;

const afterTest: Release[] = [];
const afterFile: Release[] = [];

/** Runs `release` after the current test (the last registered first: an engine closes before its folder goes). */
export function releaseAfterTest(release: Release): void {
  afterTest.push(release);
}

/** Runs `release` after the current test file. */
export function releaseAfterFile(release: Release): void {
  afterFile.push(release);
}

async function releaseAll(list: Release[]): Promise<void> {
  for (const release of list.splice(0).reverse()) await release();
}

export const releaseTest = (): Promise<void> => releaseAll(afterTest);
export const releaseFile = (): Promise<void> => releaseAll(afterFile);
