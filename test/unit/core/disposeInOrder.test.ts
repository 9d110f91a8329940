import { describe, expect, it } from 'vitest';
import { disposeInOrder } from '../../../main/core/lifecycle/disposeInOrder.ts';

describe('disposeInOrder', () => {
  const closes = (log: string[], name: string, fail = false): AsyncDisposable => ({
    [Symbol.asyncDispose]: async () => {
      log.push(name);
      if (fail) throw new Error(`${name} refused`);
    },
  });

  it('closes each in the order given, sync and async alike, skipping what was never opened', async () => {
    const log: string[] = [];
    await disposeInOrder([closes(log, 'jobs'), undefined, { [Symbol.dispose]: () => void log.push('store') }]);
    expect(log).toEqual(['jobs', 'store']);
  });

  it('closes the rest when one refuses, then says the first refusal', async () => {
    const log: string[] = [];
    await expect(disposeInOrder([closes(log, 'gateway', true), closes(log, 'emulator', true), closes(log, 'store')])).rejects.toThrow('gateway refused');
    expect(log).toEqual(['gateway', 'emulator', 'store']);
  });
});
