// One place decides how results and errors look: JSON on stdout with --json, readable text otherwise.
import { KopaError, toErrorPayload } from '../core/errors.ts';
import { errorText, translate, type Locale } from '../core/i18n/strings.ts';
import { escapeJsonForTerminal } from '../core/text/terminalText.ts';
import type { CliIo } from './io.ts';

const jsonText = (value: unknown): string => `${escapeJsonForTerminal(JSON.stringify(value, null, 2))}\n`;

export class Output {
  readonly json: boolean;
  private readonly io: CliIo;
  private readonly locale: Locale;

  constructor(io: CliIo, json: boolean, locale: Locale = 'en') {
    this.io = io;
    this.json = json;
    this.locale = locale;
  }

  /** Prints a command's result: the value as JSON, or the text `render` makes of it. */
  result<T>(value: T, render: (value: T) => string): void {
    this.io.stdout.write(this.json ? jsonText(value) : `${render(value)}\n`);
  }

  /** A note for the person at the terminal (stderr, so it never mixes with results). */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  error(error: unknown): void {
    const payload = toErrorPayload(error);
    if (this.json) {
      this.io.stdout.write(jsonText({ error: payload }));
      return;
    }
    const said = errorText(this.locale, payload);
    this.io.stderr.write(`${translate(this.locale, 'cli.error', { message: said.message })}\n`);
    if (said.hint) this.io.stderr.write(`${translate(this.locale, 'cli.hint', { hint: said.hint })}\n`);
    if (!(error instanceof KopaError) && error instanceof Error && this.io.env.KOPA_DEBUG) this.io.stderr.write(`${error.stack}\n`);
  }
}
