/// <reference lib="dom" />
// Runs sandboxed before the page. It exposes no IPC at all: it only hands the page the MessagePort to the
// engine, over which the page speaks the same typed API as every other surface.
import { contextBridge, ipcRenderer } from 'electron';
import { ENGINE_PORT_CHANNEL } from './channels.ts';

contextBridge.exposeInMainWorld('kopaDesktop', { platform: process.platform });

ipcRenderer.on(ENGINE_PORT_CHANNEL, (event) => {
  window.postMessage(ENGINE_PORT_CHANNEL, window.location.origin, event.ports);
});
