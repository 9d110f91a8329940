// The request/response protocol over any message channel (MessagePort, WebSocket): calls with ids,
// progress while a call runs, cancellation, and errors that come back as the same typed KopaError.
import { fromErrorPayload, toErrorPayload, type KopaError } from '../core/errors.ts';
import type { CallOptions, ClientMessage, EngineApi, MethodName, ParamsOf, ResultOf, ServerMessage } from './contract.ts';
import { saidError } from '../core/i18n/saidError.ts';

/** A two-way message channel, adapted from whatever carries it. */
export interface MessageEndpoint<In, Out> {
  send(message: Out): void;
  onMessage(listener: (message: In) => void): void;
  onClose(listener: () => void): void;
}

function isClientMessage(value: unknown): value is ClientMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (!Number.isSafeInteger(m.id)) return false;
  return (m.kind === 'call' && typeof m.method === 'string') || m.kind === 'cancel';
}

/** Answers calls arriving on the endpoint until it closes. */
export function serveRpc(api: EngineApi, endpoint: MessageEndpoint<unknown, ServerMessage>): void {
  const running = new Map<number, AbortController>();
  endpoint.onMessage((message) => {
    if (!isClientMessage(message)) return;
    if (message.kind === 'cancel') {
      running.get(message.id)?.abort();
      return;
    }
    const { id } = message;
    if (running.has(id)) return;
    const controller = new AbortController();
    running.set(id, controller);
    api
      .call(message.method as MethodName, message.params as ParamsOf<MethodName>, {
        signal: controller.signal,
        onProgress: (progress) => endpoint.send({ kind: 'progress', id, progress }),
      })
      .then(
        (value) => endpoint.send({ kind: 'result', id, value }),
        (error: unknown) => endpoint.send({ kind: 'error', id, error: toErrorPayload(error) }),
      )
      .finally(() => running.delete(id));
  });
  endpoint.onClose(() => {
    for (const controller of running.values()) controller.abort();
    running.clear();
  });
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  onProgress?: CallOptions['onProgress'];
  cleanup: () => void;
}

/** EngineApi over a message channel. */
export class RpcClient implements EngineApi {
  private readonly endpoint: MessageEndpoint<ServerMessage, ClientMessage>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(endpoint: MessageEndpoint<ServerMessage, ClientMessage>) {
    this.endpoint = endpoint;
    endpoint.onMessage((message) => this.receive(message));
    endpoint.onClose(() => this.fail(saidError('Disposed', { message: 'error.connectionClosed', hint: 'error.restart.hint' })));
  }

  call<M extends MethodName>(method: M, params: ParamsOf<M>, options: CallOptions = {}): Promise<ResultOf<M>> {
    if (this.closed) return Promise.reject(saidError('Disposed', { message: 'error.connectionClosed', hint: 'error.restart.hint' }));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(saidError('Aborted', { message: 'error.callCancelledPlain' }));
    const id = this.nextId++;
    return new Promise<ResultOf<M>>((resolve, reject) => {
      const onAbort = (): void => this.endpoint.send({ kind: 'cancel', id });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        onProgress: options.onProgress,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      this.endpoint.send({ kind: 'call', id, method, params });
    });
  }

  private receive(message: ServerMessage): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.kind === 'progress') {
      pending.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    pending.cleanup();
    if (message.kind === 'result') pending.resolve(message.value);
    else pending.reject(fromErrorPayload(message.error));
  }

  private fail(error: KopaError): void {
    this.closed = true;
    for (const pending of this.pending.values()) {
      pending.cleanup();
      pending.reject(error);
    }
    this.pending.clear();
  }
}
