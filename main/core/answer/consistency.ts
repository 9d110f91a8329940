// Whether the message that goes with a claim contradicts it: it states values of the claim's own kind (amounts in
// the claim's unit, dates, clock times) and none of them is the claimed one ("49건" claimed, "모두 52건입니다" said).
// A lint for reports, never a verdict: the message is for the person and is not scored. Names and yes/no are not
// read: telling a contradiction from context there would take the word lists this protocol replaced.
import { readDates, readTimes } from './calendar.ts';
import type { Claim } from './claim.ts';
import { findQuantities, unitOf } from './quantity.ts';

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

export function contradicts(claim: Claim | null, message: string, asOf: Date): boolean {
  if (!claim || message.trim() === '') return false;
  switch (claim.kind) {
    case 'number': {
      if (typeof claim.value !== 'number' || !claim.unit) return false;
      const unit = unitOf(claim.unit);
      if (!unit) return false;
      const claimed = claim.value * unit.scale * unit.unit.factor;
      const said = findQuantities(message).filter((q) => q.unit?.family === unit.unit.family);
      return said.length > 0 && !said.some((q) => close(q.value * q.unit!.factor, claimed));
    }
    case 'date': {
      const want = claim.value.replace(/-/g, '');
      const said = readDates(message, asOf).dates;
      return said.length > 0 && !said.some((d) => d.date === want);
    }
    case 'time': {
      const want = claim.value.replace(':', '');
      const said = readTimes(message);
      return said.length > 0 && !said.some((t) => t.time === want);
    }
    default:
      return false;
  }
}
