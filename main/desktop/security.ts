// Deny by default (docs/ARCHITECTURE.md §5): the window loads only the app's own kopa:// pages, never navigates or
// opens windows, gets no permissions, and Chromium may not reach any network address at all. Government APIs
// are called by the engine's gateway, never by the renderer.
import { app, type Session } from 'electron';

export const APP_SCHEME = 'kopa';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/** The window's renderer: isolated from the preload, sandboxed, no Node, web security on. */
export const WINDOW_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

const allowedSchemes = new Set([`${APP_SCHEME}:`, 'devtools:']);

export function isAppUrl(raw: string): boolean {
  try {
    return allowedSchemes.has(new URL(raw).protocol);
  } catch {
    return false;
  }
}

/**
 * Whether a URL is a page of the app. Node's URL gives a scheme it does not know (kopa:) the origin "null", so the
 * scheme and host are compared instead of origins.
 */
export function isAppPage(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === new URL(APP_ORIGIN).host;
  } catch {
    return false;
  }
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAppUrl(details.url) }));
  session.setProxy({ mode: 'direct' }).catch(() => undefined);
}

export function hardenWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppPage(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
