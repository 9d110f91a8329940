// Progress bars for long work, on stderr so stdout stays clean for results; off when stderr is not a terminal
// or when --json asks for machine-readable output.
import cliProgress from 'cli-progress';
import type { Progress } from '../api/contract.ts';
import type { CliStream } from './io.ts';
import { sayRecorded, stageLabel, type Locale } from '../core/i18n/strings.ts';

export interface ProgressReporter {
  update: (progress: Progress) => void;
  stop: () => void;
}

const silent: ProgressReporter = { update: () => undefined, stop: () => undefined };

export function createProgressReporter(stderr: CliStream, enabled: boolean, locale: Locale = 'en'): ProgressReporter {
  if (!enabled || !stderr.isTTY) return silent;
  const bar = new cliProgress.SingleBar(
    {
      stream: stderr as NodeJS.WritableStream,
      format: '{stage} [{bar}] {percentage}% | {value}/{total} | ETA {eta_formatted} {message}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update: (progress) => {
      const payload = { stage: stageLabel(locale, progress.stage), message: sayRecorded(locale, progress.said, progress.message ?? '') };
      const total = progress.total ?? 0;
      if (!started) {
        bar.start(total, progress.done ?? 0, payload);
        started = true;
      } else {
        if (total !== bar.getTotal()) bar.setTotal(total);
        bar.update(progress.done ?? bar.getProgress() * total, payload);
      }
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
