// Told of every engine opened and disposed, where someone asks (the test suite's check that a file leaves no engine
// open, as VS Code's disposable-leak tracker does); a module of its own so that watching costs no import of the engine.
export interface EngineTracker {
  opened(engine: { readonly dataDir: string }): void;
  disposed(engine: { readonly dataDir: string }): void;
}

let tracker: EngineTracker | null = null;

/** Watches engines from now on (null: stops). */
export function setEngineTracker(next: EngineTracker | null): void {
  tracker = next;
}

export function engineOpened(engine: { readonly dataDir: string }): void {
  tracker?.opened(engine);
}

export function engineDisposed(engine: { readonly dataDir: string }): void {
  tracker?.disposed(engine);
}
