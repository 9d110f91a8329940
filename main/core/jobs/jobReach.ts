// What a job would reach if it ran: whether its tool calls go to live agency APIs, and which files it writes. A job's
// parameters are stored in the database, and a resumed job runs them again: so whoever resumes one is shown this
// first, and asked for the same consent a fresh start needs (live calls) and for leave to replace files.
import type { GatewayMode } from '../gateway/callResult.ts';

export interface JobReach {
  /** Where its tool calls go; emulator when the parameters name none. */
  mode: GatewayMode;
  /** Whether the calls leave the machine (live and record call the real APIs). */
  network: boolean;
  /** Files it writes, as its parameters name them. */
  outputs: string[];
}

/** The parameters that name files a method writes. */
const OUTPUT_PARAMS: Record<string, string[]> = { 'synth.run': ['out'], 'rollout.run': ['export'] };

export function jobReach(method: string, params: Record<string, unknown>): JobReach {
  const mode = (typeof params.mode === 'string' ? params.mode : 'emulator') as GatewayMode;
  const outputs = (OUTPUT_PARAMS[method] ?? []).flatMap((name) => (typeof params[name] === 'string' ? [params[name]] : []));
  // A synthesis export writes its dataset card beside the rows.
  if (method === 'synth.run' && outputs[0]) outputs.push(`${outputs[0]}.card.md`);
  return { mode, network: mode === 'live' || mode === 'record', outputs };
}
