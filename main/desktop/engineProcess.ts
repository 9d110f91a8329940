// The engine runs in an Electron utility process, so a native crash (llama.cpp, SQLite) cannot take the window
// down. Each connection is a MessageChannel: one end to the engine, the other to the renderer. When the engine
// dies unexpectedly it is restarted, a few times, and the window gets a fresh port.
import { MessageChannelMain, utilityProcess, type MessagePortMain, type UtilityProcess, type WebContents } from 'electron';
import { KEYCHAIN_FLAG, type EngineToMain, type MainToEngine } from '../api/hostMessages.ts';
import { ENGINE_PORT_CHANNEL } from './channels.ts';
import { answerCipher, keychainAvailability } from './keychain.ts';

export interface EngineProcessOptions {
  /** The bundled engine entry (dist/desktop/engine.mjs). */
  entry: string;
  dataDir: string;
  /** Environment for the engine, e.g. where an Electron build of better-sqlite3 lives. */
  env: NodeJS.ProcessEnv;
  /** Restarts allowed within `restartWindowMs` before giving up. Defaults to 3. */
  maxRestarts?: number;
  /** Defaults to 60 000 ms. */
  restartWindowMs?: number;
  onFatal: (message: string) => void;
}

export class EngineProcess {
  private child: UtilityProcess | undefined;
  private ready: Promise<void> | undefined;
  private readonly restarts: number[] = [];
  private readonly clients = new Set<WebContents>();
  private stopping = false;
  private readonly options: EngineProcessOptions;

  constructor(options: EngineProcessOptions) {
    this.options = options;
  }

  start(): Promise<void> {
    const child = utilityProcess.fork(this.options.entry, ['--data-dir', this.options.dataDir, `--${KEYCHAIN_FLAG}=${keychainAvailability()}`], {
      serviceName: 'KOPA Studio engine',
      stdio: 'inherit',
      env: this.options.env,
    });
    this.child = child;
    this.ready = new Promise((resolve, reject) => {
      child.on('message', (message: EngineToMain) => {
        if (message.kind === 'ready') resolve();
        if (message.kind === 'failed') reject(new Error([message.error.message, message.error.hint].filter(Boolean).join(' ')));
        if (message.kind === 'cipher') this.send(child, answerCipher(message));
      });
    });
    child.on('exit', (code) => this.onExit(code));
    return this.ready;
  }

  /** Gives the window a port to the engine, once the engine is ready. */
  async connect(contents: WebContents): Promise<void> {
    this.clients.add(contents);
    contents.once('destroyed', () => this.clients.delete(contents));
    await this.ready;
    const { port1, port2 } = new MessageChannelMain();
    if (this.child) this.send(this.child, { kind: 'connect' }, [port1]);
    contents.postMessage(ENGINE_PORT_CHANNEL, null, [port2]);
  }

  private send(child: UtilityProcess, message: MainToEngine, ports?: MessagePortMain[]): void {
    child.postMessage(message, ports);
  }

  private onExit(code: number): void {
    if (this.stopping) return;
    const now = Date.now();
    const windowMs = this.options.restartWindowMs ?? 60_000;
    while (this.restarts.length > 0 && now - this.restarts[0]! > windowMs) this.restarts.shift();
    if (this.restarts.length >= (this.options.maxRestarts ?? 3)) {
      this.options.onFatal(`The engine stopped (exit code ${code}) and kept failing after restarts.`);
      return;
    }
    this.restarts.push(now);
    this.start().then(
      () => Promise.all([...this.clients].map((contents) => this.connect(contents))),
      (error: Error) => this.options.onFatal(error.message),
    );
  }

  stop(): void {
    this.stopping = true;
    this.child?.kill();
  }
}
