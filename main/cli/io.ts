// The CLI's contact with the outside, passed in so that tests run commands in-process and read what they print.
import { homedir } from 'node:os';
import { inertForTerminal } from '../core/text/terminalText.ts';

export interface CliStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homeDir: string;
  /** Resolves when the user asks the command to stop (Ctrl-C, SIGTERM). */
  interrupted: () => Promise<void>;
  /**
   * Hears Ctrl-C (and SIGTERM) while registered, in place of the default exit: a chat turn stops and the chat goes on.
   * A second signal before the returned function unregisters it quits at once.
   */
  onInterrupt: (listener: () => void) => () => void;
}

/** A stream that writes text with every terminal control shown as a visible stand-in (see terminalText.ts). */
export function inertStream(stream: CliStream): CliStream {
  return {
    write: (text: string) => stream.write(inertForTerminal(text)),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  };
}

/**
 * Calls `listener` at the first SIGINT or SIGTERM and quits at the second (130 or 143, as a shell reports them).
 * Returns the function that stops listening.
 */
function listenForStop(listener: () => void): () => void {
  let heard = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (heard) process.exit(signal === 'SIGINT' ? 130 : 143);
    heard = true;
    listener();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    platform: process.platform,
    homeDir: homedir(),
    // Never unregistered: a library using signal-exit re-raises a signal nobody else listens to, which would kill the
    // process halfway through its clean shutdown.
    interrupted: () => new Promise((resolve) => listenForStop(resolve)),
    onInterrupt: listenForStop,
  };
}
