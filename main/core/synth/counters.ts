// Every counter a synthesis job reports as it goes (attempts, and each reason a sample was not kept), named once from
// the gates' own lists, for whoever says them (the job card, through the gate.* strings).
import { gateNames, type GateName } from './gates.ts';
import { intentGateNames, type IntentGateName } from './intentGates.ts';

export type SynthCounter = 'attempts' | 'walkFailures' | 'noInputs' | 'noTrajectory' | GateName | IntentGateName;

export const synthCounters: readonly SynthCounter[] = [
  ...new Set<SynthCounter>(['attempts', 'walkFailures', 'noInputs', 'noTrajectory', ...gateNames, ...intentGateNames]),
];

export const isSynthCounter = (name: string): name is SynthCounter => (synthCounters as readonly string[]).includes(name);
