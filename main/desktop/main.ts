// Electron main: windows, the kopa:// protocol serving the built UI, the security policy and the engine's
// process. It never calls an API, runs SQL or loads a model.
import { app, BrowserWindow, dialog, net, protocol, session } from 'electron';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APP_NAME } from '../core/appInfo.ts';
import { pagePolicy, withStyleNonce } from '../core/page/pagePolicy.ts';
import { APP_ORIGIN, APP_SCHEME, hardenSession, hardenWebContents, WINDOW_WEB_PREFERENCES } from './security.ts';
import { EngineProcess } from './engineProcess.ts';
import { handlePathDialogs } from './fileDialogs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.resolve(here, '..', 'renderer');
const electronSqliteBinding = path.resolve(here, '..', 'native-electron', 'better_sqlite3.node');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

if (process.env.KOPA_DATA_DIR) app.setPath('userData', process.env.KOPA_DATA_DIR);
if (!app.requestSingleInstanceLock()) app.quit();

function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const file = path.resolve(rendererDir, `.${decodeURIComponent(pathname === '/' ? '/index.html' : pathname)}`);
    if (!file.startsWith(rendererDir + path.sep) || !existsSync(file)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    const styleNonce = randomBytes(16).toString('base64');
    headers.set('Content-Security-Policy', pagePolicy({ styleNonce }));
    headers.set('X-Content-Type-Options', 'nosniff');
    if (file.endsWith('.html')) return new Response(withStyleNonce(await response.text(), styleNonce), { status: response.status, headers });
    return new Response(response.body, { status: response.status, headers });
  });
}

function createWindow(engine: EngineProcess): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    title: APP_NAME,
    show: false,
    webPreferences: { ...WINDOW_WEB_PREFERENCES, preload: path.join(here, 'preload.cjs') },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('did-finish-load', () => void engine.connect(window.webContents));
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

hardenWebContents();

app.whenReady().then(async () => {
  hardenSession(session.defaultSession);
  serveRenderer();
  handlePathDialogs();
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!app.isPackaged && existsSync(electronSqliteBinding)) env.KOPA_SQLITE_BINDING = electronSqliteBinding;
  const engine = new EngineProcess({
    entry: path.join(here, 'engine.mjs'),
    dataDir: app.getPath('userData'),
    env,
    onFatal: (message) => {
      dialog.showErrorBox(APP_NAME, message);
      app.quit();
    },
  });
  app.on('before-quit', () => engine.stop());
  try {
    await engine.start();
  } catch (error) {
    dialog.showErrorBox(APP_NAME, (error as Error).message);
    app.quit();
    return;
  }
  createWindow(engine);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(engine);
  });
});

app.on('window-all-closed', () => app.quit());
