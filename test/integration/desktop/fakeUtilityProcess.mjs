// Stands in for Electron's utility process: gives the bundled engine a `process.parentPort` whose ports wrap
// Node MessagePorts the way Electron's MessagePortMain wraps them (messages arrive as events with `data`).
import { parentPort } from 'node:worker_threads';

const asMessagePortMain = (port) => ({
  postMessage: (message) => port.postMessage(message),
  on: (event, listener) => (event === 'message' ? port.on('message', (data) => listener({ data })) : port.on(event, listener)),
  start: () => port.start(),
});

process.parentPort = {
  on: (_event, listener) => parentPort.on('message', (message) => listener({ data: message.data, ports: (message.ports ?? []).map(asMessagePortMain) })),
  postMessage: (message) => parentPort.postMessage(message),
};

await import(process.env.KOPA_ENGINE_ENTRY);
