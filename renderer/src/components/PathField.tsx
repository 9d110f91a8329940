// A path the engine reads or writes (a model, a bundle, an export, a data folder): typed, or in the desktop chosen
// in the OS's own dialog. The page never touches the file; the engine checks whatever path it is given.
import { useState } from 'react';
import { FolderOpen } from 'lucide-react';
import type { PathRequest } from '../../../main/api/desktopBridge.ts';
import { shownError, type ShownError } from '../api/useEngineMutation.ts';
import { useLocale } from '../i18n.tsx';
import { ErrorNote } from './ErrorNote.tsx';

export function PathField(props: {
  label: string;
  value: string;
  onChange: (path: string) => void;
  request: PathRequest;
  placeholder?: string;
  testId: string;
}) {
  const { t } = useLocale();
  const [error, setError] = useState<ShownError | null>(null);
  const desktop = window.kopaDesktop;
  const browse = (): void => {
    setError(null);
    desktop!.choosePath(props.request).then(
      (chosen) => chosen && props.onChange(chosen),
      (e: unknown) => setError(shownError(e)),
    );
  };
  return (
    <div className="path-field grow">
      <label>
        {props.label}
        <input value={props.value} onChange={(e) => props.onChange(e.target.value)} placeholder={props.placeholder} data-testid={props.testId} />
      </label>
      {desktop?.choosePath && (
        <button type="button" className="ghost" onClick={browse} data-testid={`${props.testId}-browse`}>
          <FolderOpen size={16} aria-hidden="true" /> {t('path.browse')}
        </button>
      )}
      <ErrorNote error={error} onDismiss={() => setError(null)} />
    </div>
  );
}
