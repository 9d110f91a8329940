// The date a chat template writes (Llama 3.x's "Today Date: 05 Dec 2026", gpt-oss's and Mistral Small's "Current date:
// 2026-12-05"), given through the template's own `strftime_now` so that it is the episode's moment in Korea rather than
// the machine's clock: a benchmark replayed next month, or an episode set on another day, reads the date its system
// prompt states. Months are English, as Python's strftime writes them under the C locale transformers renders with.
// Without an episode (node-llama-cpp rendering the template at load, to compare it with its family wrappers, which
// write the machine's local date) the template reads the machine's clock as the machine reads it: in Korea from
// 15:00 UTC the two would name different days, and gpt-oss would lose its Harmony wrapper for the evening.
import { kst, pad } from './kst.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Whose clock reads the moment: a clock in Korea (an episode's moment) or the machine's own, in its time zone. */
export type TemplateClock = 'korea' | 'machine';

/** A Date whose UTC getters read `moment` on `clock`. */
function clockFields(moment: Date, clock: TemplateClock): Date {
  if (clock === 'korea') return kst(moment);
  return new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
}

/** `format` (%Y %m %d %b %B %H %M %%; anything else kept as written) for `moment` as `clock` reads it. */
export function strftimeAt(moment: Date, format: string, clock: TemplateClock = 'korea'): string {
  const d = clockFields(moment, clock);
  return format.replace(/%[YmdbBHM%]/g, (token) => {
    switch (token) {
      case '%Y':
        return String(d.getUTCFullYear());
      case '%m':
        return pad(d.getUTCMonth() + 1, 2);
      case '%d':
        return pad(d.getUTCDate(), 2);
      case '%b':
        return MONTHS[d.getUTCMonth()]!.slice(0, 3);
      case '%B':
        return MONTHS[d.getUTCMonth()]!;
      case '%H':
        return pad(d.getUTCHours(), 2);
      case '%M':
        return pad(d.getUTCMinutes(), 2);
      default:
        return '%';
    }
  });
}
