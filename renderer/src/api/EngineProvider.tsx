// The engine connection every view shares: connects on start, reconnects by itself when the connection drops
// (the desktop hands over a restarted engine's port; browser mode retries the same address with a growing pause),
// and tells the views whether calls can be made now.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EngineApi } from '../../../main/api/contract.ts';
import { connectEngine, MissingTokenError } from './connectEngine.ts';
import { withLocalizedErrors } from './localizedErrors.ts';
import { useLocale } from '../i18n.tsx';

export type ConnectionState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'connected'; api: EngineApi; mode: 'desktop' | 'browser' }
  | { kind: 'reconnecting'; attempt: number; retryInMs: number }
  | { kind: 'noToken' };

const EngineContext = createContext<{ state: ConnectionState; retryNow: () => void } | null>(null);

/** Pause before reconnection attempt n: 1 s, 2 s, 4 s, … up to 10 s. */
function backoff(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export function EngineProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConnectionState>({ kind: 'connecting', attempt: 1 });
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const connect = useCallback(
    (attempt: number) => {
      clearTimeout(timer.current);
      setState((prev) => (prev.kind === 'reconnecting' ? { ...prev, retryInMs: 0 } : { kind: 'connecting', attempt }));
      connectEngine().then(
        (connection) => {
          if (!alive.current) return connection.close();
          setState({ kind: 'connected', api: connection.api, mode: connection.mode });
          // Whatever was fetched before may be stale now (a restarted engine): views fetch again.
          void queryClient.invalidateQueries();
          void connection.closed.then(() => {
            if (!alive.current) return;
            setState({ kind: 'reconnecting', attempt: 1, retryInMs: backoff(1) });
            timer.current = setTimeout(() => connect(1), connection.mode === 'desktop' ? 0 : backoff(1));
          });
        },
        (error: unknown) => {
          if (!alive.current) return;
          if (error instanceof MissingTokenError) return setState({ kind: 'noToken' });
          const next = attempt + 1;
          setState({ kind: 'reconnecting', attempt: next, retryInMs: backoff(next) });
          timer.current = setTimeout(() => connect(next), backoff(next));
        },
      );
    },
    [queryClient],
  );

  useEffect(() => {
    alive.current = true;
    connect(1);
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, [connect]);

  const value = useMemo(() => ({ state, retryNow: () => connect(state.kind === 'reconnecting' ? state.attempt : 1) }), [state, connect]);
  return <EngineContext.Provider value={value}>{children}</EngineContext.Provider>;
}

export function useConnection(): { state: ConnectionState; retryNow: () => void } {
  const value = useContext(EngineContext);
  if (!value) throw new Error('useConnection outside EngineProvider');
  return value;
}

/** The engine API while connected, else null; its errors in the window's language where the engine names them. */
export function useEngine(): EngineApi | null {
  const { state } = useConnection();
  const { locale } = useLocale();
  const api = state.kind === 'connected' ? state.api : null;
  return useMemo(() => (api ? withLocalizedErrors(api, locale) : null), [api, locale]);
}
