// Closing an owner closes what it owns even when one of them refuses: a failure is kept, the rest still close, and the
// first failure is said once all are closed (a half-closed engine would hold the database and the port).

/** Something an owner closes: node's disposables, either kind; `undefined` for one never opened. */
export type Owned = AsyncDisposable | Disposable | undefined;

/** Disposes `owned` one after another in the order given, then throws the first failure, if any. */
export async function disposeInOrder(owned: readonly Owned[]): Promise<void> {
  let failure: { error: unknown } | undefined;
  for (const resource of owned) {
    if (!resource) continue;
    try {
      if (Symbol.asyncDispose in resource) await resource[Symbol.asyncDispose]();
      else resource[Symbol.dispose]();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
