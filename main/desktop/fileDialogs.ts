// The OS file dialogs behind the page's "Browse…" buttons. The one IPC the page has besides the engine port: it is
// answered only for the app's own page, takes a kind from a fixed list (never a path or options from the page) and
// returns what the user chose.
import { BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { PATH_KINDS, type PathKind, type PathRequest } from '../api/desktopBridge.ts';
import { PATH_DIALOG_CHANNEL } from './channels.ts';
import { isAppPage } from './security.ts';

const FILTERS: Record<Exclude<PathKind, 'folder'>, { name: string; extensions: string[] }[]> = {
  gguf: [{ name: 'GGUF', extensions: ['gguf'] }],
  bundle: [{ name: 'KOPA bundle', extensions: ['kopa-bundle'] }],
  dataset: [
    { name: 'JSON Lines', extensions: ['jsonl'] },
    { name: 'JSON', extensions: ['json'] },
  ],
  report: [
    { name: 'HTML', extensions: ['html'] },
    { name: 'Markdown', extensions: ['md'] },
    { name: 'CSV', extensions: ['csv'] },
    { name: 'JSON', extensions: ['json'] },
  ],
};

/** The request as the page sent it, or why it is refused. */
export function readPathRequest(value: unknown): PathRequest {
  const request = value as Partial<PathRequest> | null;
  if (typeof request !== 'object' || request === null) throw new Error('A path request is an object.');
  if (request.action !== 'open' && request.action !== 'save') throw new Error('A path request opens or saves.');
  if (!PATH_KINDS.includes(request.kind as PathKind)) throw new Error(`Unknown kind of path: ${String(request.kind)}.`);
  if (request.kind === 'folder' && request.action === 'save') throw new Error('A folder is chosen, not saved.');
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v.slice(0, 200) : undefined);
  const title = text(request.title);
  // A suggested name is a file name only: no folder of the page's choosing.
  const suggestedName = text(request.suggestedName)?.replace(/[\\/]/g, '_');
  return { action: request.action, kind: request.kind as PathKind, ...(title ? { title } : {}), ...(suggestedName ? { suggestedName } : {}) };
}

export function openDialogOptions(request: PathRequest): OpenDialogOptions {
  const common = request.title ? { title: request.title } : {};
  if (request.kind === 'folder') return { ...common, properties: ['openDirectory', 'createDirectory'] };
  return { ...common, properties: ['openFile'], filters: FILTERS[request.kind] };
}

export function saveDialogOptions(request: PathRequest): SaveDialogOptions {
  if (request.kind === 'folder') throw new Error('A folder is chosen, not saved.');
  return {
    ...(request.title ? { title: request.title } : {}),
    ...(request.suggestedName ? { defaultPath: request.suggestedName } : {}),
    filters: FILTERS[request.kind],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
}

async function answer(event: IpcMainInvokeEvent, value: unknown): Promise<string | null> {
  if (!isAppPage(event.senderFrame?.url ?? '')) throw new Error('Refused: not the app’s page.');
  const request = readPathRequest(value);
  const window = BrowserWindow.fromWebContents(event.sender);
  if (request.action === 'save') {
    const options = saveDialogOptions(request);
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  }
  const options = openDialogOptions(request);
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export function handlePathDialogs(): void {
  ipcMain.handle(PATH_DIALOG_CHANNEL, answer);
}
