/// <reference lib="dom" />
// Runs sandboxed before the page. It hands the page the MessagePort to the engine, over which the page speaks the
// same typed API as every other surface, and one function of its own: the OS file dialog (never ipcRenderer itself).
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopBridge, PathRequest } from '../api/desktopBridge.ts';
import { ENGINE_PORT_CHANNEL, PATH_DIALOG_CHANNEL } from './channels.ts';

const bridge: DesktopBridge = {
  platform: process.platform,
  choosePath: (request: PathRequest) => ipcRenderer.invoke(PATH_DIALOG_CHANNEL, request) as Promise<string | null>,
};
contextBridge.exposeInMainWorld('kopaDesktop', bridge);

ipcRenderer.on(ENGINE_PORT_CHANNEL, (event) => {
  window.postMessage(ENGINE_PORT_CHANNEL, window.location.origin, event.ports);
});
