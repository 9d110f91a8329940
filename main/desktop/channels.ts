/** The one IPC message between main and the preload script: it carries the MessagePort to the engine. */
export const ENGINE_PORT_CHANNEL = 'kopa:engine-port';
