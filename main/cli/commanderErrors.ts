// Commander's own errors (an unknown option, a missing argument, a value a parser refused) in the CLI's language.
// Commander writes them in English; they are recognised by their fixed shapes and written again from the catalogue.
import { InvalidArgumentError } from 'commander';
import { translate, type Locale, type StringKey } from '../core/i18n/strings.ts';

/** Why a value given on the command line is refused, each one sentence of the catalogue (`cli.invalid.*`). */
export const INVALID_VALUES = ['json', 'jsonObject', 'integer', 'atLeastOne', 'list', 'instant', 'duration', 'port', 'speculation'] as const;
export type InvalidValue = (typeof INVALID_VALUES)[number];

/** The error a value parser throws: Commander shows it after the option; its English text is the catalogue's. */
export function invalidArgument(why: InvalidValue): InvalidArgumentError {
  return new InvalidArgumentError(translate('en', `cli.invalid.${why}`));
}

type Vars = Record<string, string>;
const SHAPES: [RegExp, StringKey, (m: RegExpExecArray) => Vars][] = [
  [/^unknown option '([^']+)'$/, 'cli.commander.unknownOption', (m) => ({ option: m[1]! })],
  [/^unknown command '([^']+)'$/, 'cli.commander.unknownCommand', (m) => ({ command: m[1]! })],
  [/^missing required argument '([^']+)'$/, 'cli.commander.missingArgument', (m) => ({ name: m[1]! })],
  [/^option '([^']+)' argument missing$/, 'cli.commander.optionArgumentMissing', (m) => ({ option: m[1]! })],
  [/^required option '([^']+)' not specified$/, 'cli.commander.requiredOption', (m) => ({ option: m[1]! })],
  [
    /^too many arguments(?: for '([^']+)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
    'cli.commander.tooManyArguments',
    (m) => ({ command: m[1] ?? 'kopa', expected: m[2]!, got: m[3]! }),
  ],
  [/^option '([^']+)' argument '([^']*)' is invalid\. ?(.*)$/s, 'cli.commander.invalidOptionValue', (m) => ({ option: m[1]!, value: m[2]!, detail: m[3]! })],
  [
    /^command-argument value '([^']*)' is invalid for argument '([^']+)'\. ?(.*)$/s,
    'cli.commander.invalidArgumentValue',
    (m) => ({ value: m[1]!, name: m[2]!, detail: m[3]! }),
  ],
  [/^(.+) cannot be used with (.+)$/, 'cli.commander.conflict', (m) => ({ first: m[1]!, second: m[2]! })],
];

/** A refusal's reason in the locale: a parser's sentence from the catalogue, or Commander's list of choices. */
function detail(locale: Locale, text: string): string {
  const choices = /^Allowed choices are (.+)\.$/.exec(text.trim());
  if (choices) return translate(locale, 'cli.commander.choices', { choices: choices[1]! });
  const why = INVALID_VALUES.find((v) => translate('en', `cli.invalid.${v}`) === text.trim());
  return why ? translate(locale, `cli.invalid.${why}`) : text;
}

/** Commander's error text (with its "Did you mean" line) as the locale says it; English stays as Commander wrote it. */
export function localizeCommanderError(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  const [first = '', ...rest] = text.replace(/\n$/, '').split('\n');
  const message = first.replace(/^error: /, '');
  const shape = SHAPES.find(([pattern]) => pattern.test(message));
  let said = message;
  if (shape) {
    const vars = shape[2](shape[0].exec(message)!);
    if (vars.detail !== undefined) vars.detail = detail(locale, vars.detail);
    said = translate(locale, shape[1], vars);
  }
  const hints = rest.map((line) => {
    const similar = /^\(Did you mean (?:one of )?(.+)\?\)$/.exec(line.trim());
    return similar ? translate(locale, 'cli.commander.didYouMean', { names: similar[1]! }) : line;
  });
  return `${[translate(locale, 'cli.error', { message: said }), ...hints].join('\n')}\n`;
}
