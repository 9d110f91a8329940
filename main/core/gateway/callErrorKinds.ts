// The kinds a failed tool call is typed by: what an agent reads to recover, and what a catalog maps a service's own
// error codes to.
export const callErrorKinds = ['NotAllowed', 'BadKey', 'Quota', 'NoData', 'InvalidParam', 'Upstream', 'Timeout', 'Malformed', 'ReplayMiss'] as const;
export type CallErrorKind = (typeof callErrorKinds)[number];
