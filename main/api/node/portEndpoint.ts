// Adapters from the ports that carry the API between processes to the RPC protocol's endpoint.
import type { MessagePort as NodeMessagePort } from 'node:worker_threads';
import type { MessageEndpoint } from '../rpc.ts';

/** A Node worker_threads MessagePort: messages arrive as the data itself. */
export function nodePortEndpoint<In, Out>(port: NodeMessagePort): MessageEndpoint<In, Out> {
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => port.on('message', (data: In) => listener(data)),
    onClose: (listener) => port.on('close', listener),
  };
}

/** The shape of Electron's MessagePortMain, which the engine's utility process receives (no `electron` import here). */
export interface MessagePortMainLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  start(): void;
}

/** An Electron MessagePortMain: messages arrive wrapped in an event with `data`. */
export function electronPortEndpoint<In, Out>(port: MessagePortMainLike): MessageEndpoint<In, Out> {
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', (event) => listener(event.data as In));
      port.start();
    },
    onClose: (listener) => port.on('close', listener),
  };
}
