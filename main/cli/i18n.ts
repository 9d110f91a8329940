// The command line's language: `--lang ko|en`, else the system's locale. It is read from the arguments before the
// commands are built, because their help is written in it.
import { Help, type Argument, type Command, type Option } from 'commander';
import { isStringKey, locales, systemLocale, translate, type Locale } from '../core/i18n/strings.ts';
import koOptions from '../../resources/strings/cli-options.ko.json';

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

/**
 * The catalogue keys of a command's options and arguments, as cli-options.ko.json holds them:
 * `kopa.bench.run.--model`, `kopa.bfcl.show.<run>`.
 */
export function parameterKeys(command: Command): { key: string; set: (text: string) => void }[] {
  const path = helpKey(command).slice('cli.help.'.length);
  return [
    ...command.options.map((o) => ({ key: `${path}.${o.long ?? o.short}`, set: (text: string) => void (o.description = text) })),
    ...command.registeredArguments.map((a) => ({ key: `${path}.<${a.name()}>`, set: (text: string) => void (a.description = text) })),
  ];
}

const parameterText: Partial<Record<Locale, Record<string, string>>> = { ko: koOptions };

/**
 * Describes every command in `locale` from the catalogue (a command without its key is a test failure), and its
 * options and arguments: in English as the code writes them, in Korean from cli-options.ko.json. The global options
 * are the main catalogue's (cli.option.*).
 */
export function describeCommands(program: Command, locale: Locale): void {
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const command of all(program)) {
    const key = helpKey(command);
    if (isStringKey(key)) command.description(translate(locale, key));
    if (command === program) continue;
    const texts = parameterText[locale];
    if (texts) for (const parameter of parameterKeys(command)) if (texts[parameter.key] !== undefined) parameter.set(texts[parameter.key]!);
  }
}

/** Commander's own words in help (the usage line's [options], "choices:", "default:") in `locale`. */
function helpWords(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  return text
    .replace(/\[options\]/g, translate(locale, 'cli.usage.options'))
    .replace(/\[command\]/g, translate(locale, 'cli.usage.command'))
    .replace(
      /\((choices|default|preset|env): /g,
      (_whole, word: string) => `(${translate(locale, `cli.usage.${word as 'choices' | 'default' | 'preset' | 'env'}`)}: `,
    )
    .replace(/, (default|preset|env): /g, (_whole, word: string) => `, ${translate(locale, `cli.usage.${word as 'default' | 'preset' | 'env'}`)}: `);
}

/** Help's section titles, usage line and option extras in `locale` (for Command.configureHelp). */
export function localizedHelp(locale: Locale): Partial<Help> {
  const base = Help.prototype;
  return {
    styleTitle: (title: string) => helpTitle(locale, title),
    commandUsage(this: Help, command: Command) {
      return helpWords(locale, base.commandUsage.call(this, command));
    },
    optionDescription(this: Help, option: Option) {
      return helpWords(locale, base.optionDescription.call(this, option));
    },
    argumentDescription(this: Help, argument: Argument) {
      return helpWords(locale, base.argumentDescription.call(this, argument));
    },
  };
}
