// What every command receives: where the data lives, how to print, and how to open the engine.
import { chooseDataDir, type DataDirSource } from '../core/dataDir.ts';
import type { Engine, EngineOptions } from '../engine/Engine.ts';
import { translate, type Locale, type StringKey } from '../core/i18n/strings.ts';
import { inertStream, type CliIo } from './io.ts';
import { Output } from './output.ts';
import type { Progress } from '../api/contract.ts';
import { createProgressReporter, type ProgressReporter } from './progress.ts';
import { useTableView } from './table.ts';

export interface GlobalOptions {
  dataDir?: string;
  json?: boolean;
  wide?: boolean;
  columns?: string[];
  lang?: Locale;
}

export class CommandContext {
  /** Streams that show controls as visible stand-ins: commands print what models and APIs wrote through them. */
  readonly io: CliIo;
  /** The progress bar draws on the raw stream: it is the only writer allowed to move the cursor. */
  private readonly progressStream: CliIo['stderr'];
  readonly out: Output;
  readonly dataDir: string;
  readonly dataDirSource: DataDirSource;
  /** The language of messages and reports: --lang, else the system's locale. */
  readonly locale: Locale;
  /** Set by a command whose result means failure (1) without an error to report. */
  exitCode = 0;

  constructor(io: CliIo, options: GlobalOptions, locale: Locale = 'en') {
    this.io = { ...io, stdout: inertStream(io.stdout), stderr: inertStream(io.stderr) };
    this.progressStream = io.stderr;
    this.locale = options.lang ?? locale;
    this.out = new Output(this.io, options.json === true, this.locale);
    useTableView({ wide: options.wide === true, columns: options.columns, locale: this.locale });
    const chosen = chooseDataDir(options.dataDir, { platform: io.platform, env: io.env, homeDir: io.homeDir });
    this.dataDir = chosen.dir;
    this.dataDirSource = chosen.source;
  }

  /** A catalogue text in this invocation's language (a bound function: renderers take it as it is). */
  readonly t = (key: StringKey, vars?: Record<string, string | number>): string => translate(this.locale, key, vars);

  /** A progress bar on stderr (none with --json); the caller stops it. */
  progress(): ProgressReporter {
    return createProgressReporter(this.progressStream, !this.out.json, this.locale);
  }

  /** Runs long work with a progress bar on stderr, cleared before anything is printed. */
  async withProgress<T>(work: (onProgress: (p: Progress) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    const progress = this.progress();
    try {
      return await work(progress.update, this.stopSignal());
    } finally {
      progress.stop();
    }
  }

  /**
   * Aborted at the first Ctrl+C or SIGTERM, so that long work stops as the workbench's Stop does (training writes its
   * checkpoint and exports what it learned; a job is recorded as cancelled, to resume); a second signal quits at once.
   */
  stopSignal(): AbortSignal {
    if (!this.#stop) {
      const stop = new AbortController();
      this.#stop = stop.signal;
      void this.io.interrupted().then(() => {
        this.out.note(this.t('cli.stopping'));
        stop.abort();
      });
    }
    return this.#stop;
  }

  #stop: AbortSignal | undefined;

  /** Runs `fn` with an engine on the data folder, and always shuts it down. */
  async withEngine<T>(fn: (engine: Engine) => Promise<T>, options: Partial<Omit<EngineOptions, 'dataDir'>> = {}): Promise<T> {
    // Loaded when a command first needs it, so that --help, --version and usage errors start at once.
    const { Engine } = await import('../engine/Engine.ts');
    const engine = Engine.open({ host: 'cli', ...options, dataDir: this.dataDir });
    try {
      return await fn(engine);
    } finally {
      await engine.dispose();
    }
  }
}
