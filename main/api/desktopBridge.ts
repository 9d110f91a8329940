// What the desktop's preload script gives the page besides the engine port: the platform, and the OS's own file
// dialogs (the page cannot read the file system; a path the user chose is passed to the engine as any typed one).

/** What a path is for; the desktop maps each to the dialog's filters, so the page cannot ask for anything else. */
export const PATH_KINDS = ['gguf', 'bundle', 'dataset', 'report', 'folder'] as const;
export type PathKind = (typeof PATH_KINDS)[number];

export interface PathRequest {
  /** Choose an existing file or folder, or name a file to write. */
  action: 'open' | 'save';
  kind: PathKind;
  /** The dialog's title, in the page's language. */
  title?: string;
  /** A save dialog's suggested file name. */
  suggestedName?: string;
}

export interface DesktopBridge {
  platform: string;
  /** The chosen path, or null when the user cancelled. */
  choosePath(request: PathRequest): Promise<string | null>;
}
