// What a model's card knows and does: the file as inspected now, its load (a job: a large model loads for minutes,
// and a reloaded window finds it still going) with the settings chosen, and unloading and removing it.
import { useState } from 'react';
import type { JobInfo, LoadedModel, ModelInfo, Progress } from '../../../../main/api/contract.ts';
import { LOADING_MODEL } from '../../../../main/api/loading.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation, type EngineMutation } from '../../api/useEngineMutation.ts';
import { useStartJob, type StartJob } from '../../api/useStartJob.ts';
import { loadParams } from './LoadSettings.tsx';

export interface ModelCardState {
  /** The model as inspected now, or as registered while that is read. */
  info: ModelInfo;
  /** The load's progress while it runs. */
  progress: Progress | null;
  /** Why the last load failed, while the model is not loaded. */
  loadFailed: string | undefined;
  contextSize: string;
  gpuLayers: string;
  setContextSize: (value: string) => void;
  setGpuLayers: (value: string) => void;
  load: () => void;
  loading: StartJob;
  unload: EngineMutation<'models.unload'>;
  remove: EngineMutation<'models.remove'>;
}

export function useModelCard(model: ModelInfo, loaded: LoadedModel | undefined, loadJob: JobInfo | undefined): ModelCardState {
  const details = useEngineQuery('models.inspect', { ref: model.id }, { enabled: model.kind === 'gguf' });
  const loading = useStartJob();
  const unload = useEngineMutation('models.unload', { invalidates: ['models.loaded', 'models.list'] });
  const remove = useEngineMutation('models.remove', { invalidates: ['models.loaded', 'models.list'] });
  const [contextSize, setContextSize] = useState('');
  const [gpuLayers, setGpuLayers] = useState('');
  const running = loadJob?.status === 'running';
  return {
    info: details.data ?? model,
    progress: running ? (loadJob.progress ?? { stage: LOADING_MODEL }) : null,
    loadFailed: !loaded && loadJob?.status === 'failed' ? loadJob.error?.message : undefined,
    contextSize,
    gpuLayers,
    setContextSize,
    setGpuLayers,
    load: () => void loading.start('models.load', { ref: model.id, ...loadParams(contextSize, gpuLayers) }),
    loading,
    unload,
    remove,
  };
}
