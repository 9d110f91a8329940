// The Electron shell's security stance, with Electron's API replaced by a recording fake: what the window may run,
// where it may navigate, what it may ask for and reach, and the fuses the packaged app is built with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../helpers/runCli.ts';

type Handler = (...args: unknown[]) => unknown;
const appHandlers = new Map<string, Handler>();
vi.mock('electron', () => ({ app: { on: (event: string, handler: Handler) => appHandlers.set(event, handler) } }));

const { CONTENT_SECURITY_POLICY, WINDOW_WEB_PREFERENCES, hardenSession, hardenWebContents, isAppUrl } = await import('../../../main/desktop/security.ts');

/** A webContents that records the handlers the shell installs. */
function fakeContents() {
  const handlers = new Map<string, Handler>();
  let openHandler: Handler | undefined;
  return {
    handlers,
    open: () => openHandler!({ url: 'https://example.org' }),
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    setWindowOpenHandler: (handler: Handler) => (openHandler = handler),
  };
}

const prevented = (handler: Handler | undefined, ...args: unknown[]): boolean => {
  let stopped = false;
  handler!({ preventDefault: () => (stopped = true) }, ...args);
  return stopped;
};

describe('the desktop shell', () => {
  it('runs the page isolated, sandboxed, without Node and without <webview>', () => {
    expect(WINDOW_WEB_PREFERENCES).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false });
  });

  it('allows scripts, styles, fonts and connections from the app itself only', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*/);
  });

  it('blocks navigation away, redirects, new windows and <webview>', () => {
    hardenWebContents();
    const contents = fakeContents();
    appHandlers.get('web-contents-created')!({}, contents);
    expect(prevented(contents.handlers.get('will-navigate'), 'https://example.org/')).toBe(true);
    expect(prevented(contents.handlers.get('will-navigate'), 'kopa://app/index.html#/chat')).toBe(false);
    expect(prevented(contents.handlers.get('will-redirect'), 'kopa://app/other')).toBe(true);
    expect(prevented(contents.handlers.get('will-attach-webview'))).toBe(true);
    expect(contents.open()).toEqual({ action: 'deny' });
  });

  it("denies every permission and cancels every request that is not the app's own", async () => {
    const recorded: Record<string, Handler> = {};
    let proxy: unknown;
    const session = {
      setPermissionRequestHandler: (h: Handler) => (recorded.request = h),
      setPermissionCheckHandler: (h: Handler) => (recorded.check = h),
      webRequest: { onBeforeRequest: (h: Handler) => (recorded.request_ = h) },
      setProxy: async (config: unknown) => void (proxy = config),
    };
    hardenSession(session as never);
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) recorded.request!({}, permission, (ok: boolean) => granted.push(ok));
    expect(granted).toEqual([false, false, false, false]);
    expect(recorded.check!({}, 'media')).toBe(false);
    const verdict = (url: string): unknown => {
      let answer: unknown;
      recorded.request_!({ url }, (a: unknown) => (answer = a));
      return answer;
    };
    expect(verdict('kopa://app/assets/index.js')).toEqual({ cancel: false });
    for (const url of ['https://apis.data.go.kr/x', 'http://127.0.0.1:8080/', 'file:///etc/passwd', 'ws://127.0.0.1:1/']) expect(verdict(url)).toEqual({ cancel: true });
    expect(isAppUrl('not a url')).toBe(false);
    expect(proxy).toEqual({ mode: 'direct' });
  });

  it('is packaged with the fuses that close Node paths into the app, and asar integrity on', () => {
    const config = parse(readFileSync(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as { electronFuses: Record<string, boolean>; asar: boolean; linux: { target: string[] }; win: { target: string } };
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false, enableEmbeddedAsarIntegrityValidation: true, onlyLoadAppFromAsar: true });
    expect(config.asar).toBe(true);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toBe('nsis');
  });

  it('gives the page no IPC: the preload only hands over the engine port', () => {
    const preload = readFileSync(path.join(repoRoot, 'main/desktop/preload.ts'), 'utf8');
    expect(preload.match(/ipcRenderer\.(\w+)/g)).toEqual(['ipcRenderer.on']);
    expect(preload).not.toMatch(/ipcRenderer\.(send|invoke)|exposeInMainWorld\([^)]*ipcRenderer/);
    const main = readFileSync(path.join(repoRoot, 'main/desktop/main.ts'), 'utf8');
    expect(main).not.toMatch(/ipcMain/);
  });
});
