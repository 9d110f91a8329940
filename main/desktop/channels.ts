/** The IPC message from main to the preload script that carries the MessagePort to the engine. */
export const ENGINE_PORT_CHANNEL = 'kopa:engine-port';
/** The page's one request to main: an OS file dialog (fileDialogs.ts). */
export const PATH_DIALOG_CHANNEL = 'kopa:choose-path';
