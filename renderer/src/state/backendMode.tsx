// The backend new work uses: the emulator (nothing leaves the machine), a replay snapshot, or live (real agencies).
// Remembered; live is only ever chosen through a confirmation.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { gatewayModes, type GatewayMode } from '../../../main/core/gateway/callResult.ts';

export interface BackendChoice {
  mode: GatewayMode;
  /** The snapshot replay reads (and record writes). */
  snapshot?: string;
}

const STORAGE_KEY = 'kopa.backend';
const BackendContext = createContext<{ backend: BackendChoice; setBackend: (next: BackendChoice) => void } | null>(null);

function saved(): BackendChoice {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as BackendChoice | null;
    if (value && (gatewayModes as readonly string[]).includes(value.mode)) return value;
  } catch {
    // a damaged value falls back to the emulator
  }
  return { mode: 'emulator' };
}

export function BackendProvider({ children }: { children: ReactNode }) {
  const [backend, setState] = useState<BackendChoice>(saved);
  const value = useMemo(
    () => ({
      backend,
      setBackend: (next: BackendChoice) => {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
        setState(next);
      },
    }),
    [backend],
  );
  return <BackendContext.Provider value={value}>{children}</BackendContext.Provider>;
}

/**
 * Where repeatable work (synthesis, verification, evaluation) sends its calls: the chosen backend, except live,
 * which becomes the emulator (a run must repeat, and must not spend agency quota); the snapshot goes with replay
 * and record.
 */
export function repeatableBackend(backend: BackendChoice): { mode: Exclude<GatewayMode, 'live'>; snapshot?: string } {
  const mode = backend.mode === 'live' ? 'emulator' : backend.mode;
  return { mode, ...(backend.snapshot && mode !== 'emulator' ? { snapshot: backend.snapshot } : {}) };
}

export function useBackend() {
  const value = useContext(BackendContext);
  if (!value) throw new Error('useBackend outside BackendProvider');
  return value;
}
