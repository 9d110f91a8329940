// How a model is to be loaded (context size, GPU layers), and those settings as the engine takes them.
import type { ModelInfo } from '../../../../main/api/contract.ts';
import { useLocale } from '../../i18n.tsx';

/** How a model is to be loaded: context size and GPU layers, starting from the fit estimate for this computer. */
export function LoadSettings({
  fit,
  contextSize,
  gpuLayers,
  onContextSize,
  onGpuLayers,
}: {
  fit: ModelInfo['fit'];
  contextSize: string;
  gpuLayers: string;
  onContextSize: (v: string) => void;
  onGpuLayers: (v: string) => void;
}) {
  const { t } = useLocale();
  return (
    <div className="row" data-testid="model-load-settings">
      <label>
        {t('models.loadContext')}
        <input
          type="number"
          min={128}
          step={128}
          inputMode="numeric"
          value={contextSize}
          placeholder={fit ? String(fit.contextSize) : '4096'}
          onChange={(e) => onContextSize(e.target.value)}
          data-testid="model-load-context"
        />
      </label>
      <label>
        {t('models.loadGpuLayers')}
        <input
          type="text"
          inputMode="numeric"
          value={gpuLayers}
          placeholder={t('models.gpuLayersAuto')}
          onChange={(e) => onGpuLayers(e.target.value)}
          data-testid="model-load-gpu-layers"
        />
      </label>
    </div>
  );
}

/** The load settings as the engine takes them; an empty field leaves the choice to llama.cpp. */
export function loadParams(contextSize: string, gpuLayers: string): { contextSize?: number; gpuLayers?: number | 'auto' | 'max' } {
  const layers = gpuLayers.trim().toLowerCase();
  return {
    ...(contextSize.trim() ? { contextSize: Number(contextSize) } : {}),
    ...(layers === '' || layers === 'auto' ? {} : { gpuLayers: layers === 'max' ? 'max' : Number(layers) }),
  };
}
