// Browser-side carriers of the engine API: a WebSocket (browser mode) or a MessagePort (desktop window).
import type { ClientMessage, ServerMessage } from '../../../main/api/contract.ts';
import type { MessageEndpoint } from '../../../main/api/rpc.ts';

export function webSocketEndpoint(socket: WebSocket): MessageEndpoint<ServerMessage, ClientMessage> {
  return {
    send: (message) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    onMessage: (listener) => socket.addEventListener('message', (event) => listener(JSON.parse(String(event.data)) as ServerMessage)),
    onClose: (listener) => socket.addEventListener('close', () => listener()),
  };
}

export function messagePortEndpoint(port: MessagePort): MessageEndpoint<ServerMessage, ClientMessage> {
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.addEventListener('message', (event: MessageEvent<ServerMessage>) => listener(event.data));
      port.start();
    },
    onClose: (listener) => port.addEventListener('close', () => listener()),
  };
}
