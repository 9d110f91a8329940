// The date a chat template writes (Llama 3.x's "Today Date: 05 Dec 2026", gpt-oss's and Mistral Small's "Current date:
// 2026-12-05"), given through the template's own `strftime_now` so that it is the episode's moment in Korea rather than
// the machine's clock: a benchmark replayed next month, or an episode set on another day, reads the date its system
// prompt states. Months are English, as Python's strftime writes them under the C locale transformers renders with.
import { kst, pad } from './kst.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `format` (%Y %m %d %b %B %H %M %%; anything else kept as written) for `moment` as a clock in Korea reads it. */
export function strftimeAt(moment: Date, format: string): string {
  const d = kst(moment);
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
