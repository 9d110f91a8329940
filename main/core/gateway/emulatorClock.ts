// The request header with which the gateway tells its emulator what moment to answer for. Benchmark tasks are
// asked at their own moments, several at once, so one clock for the whole emulator will not do. The emulator
// listens on loopback only; no real API ever receives the header.
export const EMULATOR_NOW_HEADER = 'x-kopa-emulator-now';
