// Where a repeatable run (synthesis, evaluation) sends its calls: the status bar's backend to start with (live as the
// emulator: a run should repeat and not spend agency quota), a snapshot for record and replay, and the real agencies
// only on purpose: the start button then turns red and asks first.
import { useState, type ReactNode } from 'react';
import { gatewayModes, type GatewayMode } from '../../../main/core/gateway/callResult.ts';
import { repeatableBackend, useBackend } from '../state/backendMode.tsx';
import { useLocale } from '../i18n.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useLiveWarning } from '../api/useLiveWarning.ts';

export interface BackendChoice {
  mode: GatewayMode;
  setMode: (mode: GatewayMode) => void;
  snapshot: string;
  setSnapshot: (snapshot: string) => void;
  /** The run's parameters: the mode, and the snapshot where it applies. */
  params: () => { mode: GatewayMode; snapshot?: string };
}

export function useBackendChoice(): BackendChoice {
  const { backend } = useBackend();
  const [mode, setMode] = useState<GatewayMode>(() => repeatableBackend(backend).mode);
  const [snapshot, setSnapshot] = useState(() => repeatableBackend(backend).snapshot ?? '');
  const params = (): { mode: GatewayMode; snapshot?: string } => ({
    mode,
    ...((mode === 'record' || mode === 'replay') && snapshot.trim() !== '' ? { snapshot: snapshot.trim() } : {}),
  });
  return { mode, setMode, snapshot, setSnapshot, params };
}

/** The backend select and, for record and replay, the snapshot. */
export function BackendFields({ choice, testId }: { choice: BackendChoice; testId: string }) {
  const { t } = useLocale();
  return (
    <>
      <label>
        {t('synthesis.backend')}
        <select value={choice.mode} onChange={(e) => choice.setMode(e.target.value as GatewayMode)} data-testid={`${testId}-mode`}>
          {gatewayModes.map((m) => (
            <option key={m} value={m}>
              {t(`mode.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {(choice.mode === 'record' || choice.mode === 'replay') && (
        <label>
          {t('synthesis.snapshotFor')}
          <input
            value={choice.snapshot}
            required={choice.mode === 'replay'}
            onChange={(e) => choice.setSnapshot(e.target.value)}
            data-testid={`${testId}-snapshot`}
          />
        </label>
      )}
    </>
  );
}

/** The form's start: a submit button, or for live a red one that asks first. */
export function StartButton(props: {
  live: boolean;
  onStart: () => void;
  disabled?: boolean;
  testId: string;
  liveTitle: string;
  liveText: string;
  liveConfirm: string;
  children: ReactNode;
}) {
  const liveText = useLiveWarning(props.liveText);
  if (!props.live)
    return (
      <button type="submit" disabled={props.disabled} data-testid={props.testId}>
        {props.children}
      </button>
    );
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="danger" disabled={props.disabled} data-testid={props.testId}>
          {props.children}
        </button>
      }
      title={props.liveTitle}
      description={liveText}
      confirmLabel={props.liveConfirm}
      danger
      onConfirm={props.onStart}
    />
  );
}
