// The reward service's scorer, a worker thread (rewardThread.ts): a batch of long completions is scored here while
// the service's own thread keeps answering rollouts' tool calls and other requests.
import { parentPort, workerData } from 'node:worker_threads';
import { Catalog } from '../../../core/catalog/Catalog.ts';
import { toErrorPayload } from '../../../core/errors.ts';
import { rewardBook, scoreRewardRequest } from './rewardBatch.ts';
import type { RewardWorkerData } from './rewardThread.ts';

const { tools, samples, ...options } = (workerData as { data: RewardWorkerData }).data;
const book = rewardBook(new Catalog(tools), samples, options);

const utf8 = new TextDecoder();

parentPort!.on('message', ({ id, body }: { id: number; body: Uint8Array }) => {
  try {
    parentPort!.postMessage({ id, value: scoreRewardRequest(book, utf8.decode(body)) });
  } catch (error) {
    parentPort!.postMessage({ id, error: toErrorPayload(error) });
  }
});
parentPort!.postMessage({ ready: true });
