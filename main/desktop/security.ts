// Deny by default (ARCHITECTURE.md §7): the window loads only the app's own kopa:// pages, never navigates or
// opens windows, gets no permissions, and Chromium may not reach any network address at all. Government APIs
// are called by the engine's gateway, never by the renderer.
import { app, type Session } from 'electron';

export const APP_SCHEME = 'kopa';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const allowedSchemes = new Set([`${APP_SCHEME}:`, 'devtools:']);

export function isAppUrl(raw: string): boolean {
  try {
    return allowedSchemes.has(new URL(raw).protocol);
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
      if (new URL(url).origin !== APP_ORIGIN) event.preventDefault();
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
