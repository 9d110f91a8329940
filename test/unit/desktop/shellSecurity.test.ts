// The Electron shell's security stance, with Electron's API replaced by a recording fake: what the window may run,
// where it may navigate, what it may ask for and reach, and the fuses the packaged app is built with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../helpers/runCli.ts';

type Handler = (...args: unknown[]) => unknown;
const appHandlers = new Map<string, Handler>();
const ipcHandlers = new Map<string, Handler>();
const dialogCalls: { kind: 'open' | 'save'; options: Record<string, unknown> }[] = [];
let dialogAnswer: { canceled: boolean; filePaths?: string[]; filePath?: string } = { canceled: true };
vi.mock('electron', () => ({
  app: { on: (event: string, handler: Handler) => appHandlers.set(event, handler) },
  ipcMain: { handle: (channel: string, handler: Handler) => ipcHandlers.set(channel, handler) },
  BrowserWindow: { fromWebContents: () => null },
  dialog: {
    showOpenDialog: async (options: Record<string, unknown>) => (dialogCalls.push({ kind: 'open', options }), dialogAnswer),
    showSaveDialog: async (options: Record<string, unknown>) => (dialogCalls.push({ kind: 'save', options }), dialogAnswer),
  },
}));

const { WINDOW_WEB_PREFERENCES, hardenSession, hardenWebContents, isAppUrl } = await import('../../../main/desktop/security.ts');
const { handlePathDialogs } = await import('../../../main/desktop/fileDialogs.ts');
const { pagePolicy, withStyleNonce, STYLE_NONCE_META } = await import('../../../main/core/page/pagePolicy.ts');
const { PATH_DIALOG_CHANNEL } = await import('../../../main/desktop/channels.ts');

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
    expect(WINDOW_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it("allows scripts, styles, fonts and connections from the app itself only, and a style element only by the load's nonce", () => {
    const policy = pagePolicy({ styleNonce: 'bm9uY2U=' });
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' 'nonce-bm9uY2U='");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*/);
    expect(withStyleNonce('<html><head><title>KOPA</title></head></html>', 'bm9uY2U=')).toBe(
      `<html><head><meta name="${STYLE_NONCE_META}" content="bm9uY2U="><title>KOPA</title></head></html>`,
    );
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
    for (const url of ['https://apis.data.go.kr/x', 'http://127.0.0.1:8080/', 'file:///etc/passwd', 'ws://127.0.0.1:1/'])
      expect(verdict(url)).toEqual({ cancel: true });
    expect(isAppUrl('not a url')).toBe(false);
    expect(proxy).toEqual({ mode: 'direct' });
  });

  it('is packaged with the fuses that close Node paths into the app, and asar integrity on', () => {
    const config = parse(readFileSync(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as {
      electronFuses: Record<string, boolean>;
      asar: boolean;
      linux: { target: string[] };
      win: { target: string };
    };
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config.asar).toBe(true);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toBe('nsis');
  });

  it('gives the page one request besides the engine port: an OS file dialog, never ipcRenderer itself', () => {
    const preload = readFileSync(path.join(repoRoot, 'main/desktop/preload.ts'), 'utf8');
    expect(preload.match(/ipcRenderer\.(\w+)\(\w*/g)).toEqual(['ipcRenderer.invoke(PATH_DIALOG_CHANNEL', 'ipcRenderer.on(ENGINE_PORT_CHANNEL']);
    expect(preload).not.toMatch(/ipcRenderer\.send|exposeInMainWorld\([^)]*ipcRenderer\s*[,)}]/);
    const main = readFileSync(path.join(repoRoot, 'main/desktop/main.ts'), 'utf8');
    expect(main).not.toMatch(/ipcMain/);
    const dialogs = readFileSync(path.join(repoRoot, 'main/desktop/fileDialogs.ts'), 'utf8');
    expect(dialogs.match(/ipcMain\.\w+\([^,]*/g)).toEqual(['ipcMain.handle(PATH_DIALOG_CHANNEL']);
  });

  it('answers a file dialog only for the app page, with the filters of a known kind, and returns what the user chose', async () => {
    handlePathDialogs();
    const handler = ipcHandlers.get(PATH_DIALOG_CHANNEL)!;
    const from = (url: string) => ({ senderFrame: { url }, sender: {} });
    const app = from('kopa://app/index.html#/models');

    await expect(handler(from('https://example.org/'), { action: 'open', kind: 'gguf' })).rejects.toThrow(/not the app/);
    await expect(handler(from('file:///tmp/page.html'), { action: 'open', kind: 'gguf' })).rejects.toThrow(/not the app/);
    await expect(handler(app, { action: 'open', kind: 'anything', filters: [] })).rejects.toThrow(/Unknown kind/);
    await expect(handler(app, { action: 'save', kind: 'folder' })).rejects.toThrow(/folder/);
    await expect(handler(app, { action: 'delete', kind: 'gguf' })).rejects.toThrow(/opens or saves/);
    expect(dialogCalls).toEqual([]);

    dialogAnswer = { canceled: false, filePaths: ['/models/qwen2.5-7b-instruct-q4_k_m.gguf'] };
    expect(await handler(app, { action: 'open', kind: 'gguf', title: 'GGUF 모델 가져오기', properties: ['multiSelections'] })).toBe(
      '/models/qwen2.5-7b-instruct-q4_k_m.gguf',
    );
    expect(dialogCalls.at(-1)).toEqual({
      kind: 'open',
      options: { title: 'GGUF 모델 가져오기', properties: ['openFile'], filters: [{ name: 'GGUF', extensions: ['gguf'] }] },
    });

    dialogAnswer = { canceled: false, filePaths: ['/data/bfcl'] };
    expect(await handler(app, { action: 'open', kind: 'folder' })).toBe('/data/bfcl');
    expect(dialogCalls.at(-1)!.options).toEqual({ properties: ['openDirectory', 'createDirectory'] });

    // A suggested name cannot place the file: its folder separators are not kept.
    dialogAnswer = { canceled: false, filePath: '/media/usb/replay.kopa-bundle' };
    expect(await handler(app, { action: 'save', kind: 'bundle', suggestedName: '../../etc/replay.kopa-bundle' })).toBe('/media/usb/replay.kopa-bundle');
    expect(dialogCalls.at(-1)).toMatchObject({
      kind: 'save',
      options: { defaultPath: '.._.._etc_replay.kopa-bundle', filters: [{ extensions: ['kopa-bundle'] }] },
    });

    dialogAnswer = { canceled: true, filePaths: [] };
    expect(await handler(app, { action: 'open', kind: 'dataset' })).toBeNull();
  });
});
