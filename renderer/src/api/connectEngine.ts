// Finds the engine: the desktop window gets a MessagePort from the preload script; browser mode opens a
// WebSocket to the page's own origin with the launch token taken from the URL fragment.
import { API_PROTOCOL, API_TOKEN_PROTOCOL_PREFIX, type EngineApi } from '../../../main/api/contract.ts';
import { RpcClient } from '../../../main/api/rpc.ts';
import { messagePortEndpoint, webSocketEndpoint } from './endpoints.ts';
import type { DesktopBridge } from '../../../main/api/desktopBridge.ts';

export interface EngineConnection {
  api: EngineApi;
  mode: 'desktop' | 'browser';
  /** Resolves when the connection is lost. */
  closed: Promise<void>;
  close(): void;
}

export class MissingTokenError extends Error {
  constructor() {
    super('no access token in the address');
    this.name = 'MissingTokenError';
  }
}

const TOKEN_KEY = 'kopa.token';
export const DESKTOP_PORT_MESSAGE = 'kopa:engine-port';

declare global {
  interface Window {
    kopaDesktop?: DesktopBridge;
  }
}

/**
 * Takes the token out of the address bar (so it is not bookmarked or shared) and keeps it for this tab. Called before
 * the first render, so the router never sees it as an address.
 */
export function takeToken(): string | null {
  const match = /(?:^#|&)token=([0-9a-f]+)/.exec(location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', `${location.pathname}${location.search}#/`);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function connectDesktop(): Promise<EngineConnection> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== window || event.data !== DESKTOP_PORT_MESSAGE || !event.ports[0]) return;
      window.removeEventListener('message', onMessage);
      const port = event.ports[0];
      let markClosed: () => void = () => undefined;
      const closed = new Promise<void>((r) => (markClosed = r));
      port.addEventListener('close', () => markClosed());
      resolve({ api: new RpcClient(messagePortEndpoint(port)), mode: 'desktop', closed, close: () => port.close() });
    };
    window.addEventListener('message', onMessage);
  });
}

function connectBrowser(): Promise<EngineConnection> {
  const token = takeToken();
  if (!token) return Promise.reject(new MissingTokenError());
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}/api/ws`, [API_PROTOCOL, `${API_TOKEN_PROTOCOL_PREFIX}${token}`]);
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => {
      const closed = new Promise<void>((r) => socket.addEventListener('close', () => r()));
      resolve({ api: new RpcClient(webSocketEndpoint(socket)), mode: 'browser', closed, close: () => socket.close() });
    });
    // The token is kept: a stopped engine may come back on the same address; one started anew prints a new address.
    socket.addEventListener('error', () => reject(new Error('the engine refused the connection')));
  });
}

/** The desktop serves the page from its own kopa:// scheme and hands it a port; anything else is browser mode. */
export function connectEngine(): Promise<EngineConnection> {
  return location.protocol === 'kopa:' ? connectDesktop() : connectBrowser();
}
