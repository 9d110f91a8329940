// The model inspector (ggufInspect.ts), a child process: reads file headers and renders their chat templates away
// from the engine, one request at a time, and sends back each report or error with the request's id.
import { toErrorPayload } from '../../main/core/errors.ts';
import { headerReport } from './ggufInspect.ts';

const send = (message: unknown): void => void process.send!(message);

process.on('message', ({ id, path }: { id: number; path: string }) => {
  headerReport(path).then(
    (report) => send({ id, report }),
    (error: unknown) => send({ id, error: toErrorPayload(error) }),
  );
});
// The engine ends this process; a lost channel (the engine died) ends it too.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
