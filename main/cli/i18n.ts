// The command line's language: `--lang ko|en`, else the system's locale. It is read from the arguments before the
// commands are built, because their help is written in it.
import type { Command } from 'commander';
import { isStringKey, locales, systemLocale, translate, type Locale } from '../core/i18n/strings.ts';

export function cliLocale(argv: readonly string[], env: Record<string, string | undefined>): Locale {
  for (const [i, arg] of argv.entries()) {
    const value = arg === '--lang' ? argv[i + 1] : arg.startsWith('--lang=') ? arg.slice('--lang='.length) : undefined;
    if (value !== undefined && (locales as readonly string[]).includes(value)) return value as Locale;
  }
  return systemLocale(env);
}

/** The catalogue key of a command's description: cli.help.kopa.bench.run for `kopa bench run`. */
export function helpKey(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return `cli.help.${names.join('.')}`;
}

/** A help section's title (Commander's "Usage:", "Options:", …) in `locale`. */
export function helpTitle(locale: Locale, title: string): string {
  const key = `cli.title.${title}`;
  return isStringKey(key) ? translate(locale, key) : title;
}

/** Describes every command in `locale` from the catalogue (a command without its key is a test failure). */
export function describeCommands(program: Command, locale: Locale): void {
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const command of all(program)) {
    const key = helpKey(command);
    if (isStringKey(key)) command.description(translate(locale, key));
  }
}
