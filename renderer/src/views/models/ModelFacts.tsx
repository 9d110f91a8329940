// What a model is, drawn: its file's facts (architecture, size, quantisation, template, tool-call mode and why),
// how it is loaded now and what memory that takes, and where it would fit on this computer.
import type { LoadedModel, ModelInfo } from '../../../../main/api/contract.ts';
import { toolCallReasonText } from '../../../../main/core/i18n/strings.ts';
import { Fact } from '../../components/Fact.tsx';
import { formatBytes, formatCount } from '../../format.ts';
import { useLocale } from '../../i18n.tsx';
import type { MemoryInUse } from './memoryInUse.ts';

export function FitBadge({ fit }: { fit: ModelInfo['fit'] }) {
  const { t } = useLocale();
  if (!fit) return null;
  const tone = fit.verdict === 'fits' ? 'ok' : fit.verdict === 'may be slow' ? 'warn' : 'bad';
  return <span className={`badge badge-${tone}`}>{t(`models.fit.${tone}`)}</span>;
}

/** What the file says of itself: architecture, size, quantisation, template, tool-call mode and why, and its hash. */
function FileFacts({ model, info }: { model: ModelInfo; info: ModelInfo }) {
  const { t, locale } = useLocale();
  return (
    <>
      <Fact label={t('models.architecture')}>{info.architecture ?? '—'}</Fact>
      <Fact label={t('models.parameters')}>{info.parameterCount ? formatCount(info.parameterCount, locale) : '—'}</Fact>
      <Fact label={t('models.quantization')}>{info.quantization ?? '—'}</Fact>
      <Fact label={t('models.context')}>{info.contextLength ? formatCount(info.contextLength, locale) : '—'}</Fact>
      <Fact label={t('models.template')}>{info.chatWrapper ?? '—'}</Fact>
      <Fact label={t('models.toolCalling')}>
        {info.toolCalling ? t(`models.toolCalling.${info.toolCalling}`) : '—'}
        {info.toolCallSupport && <span className="muted" data-testid="tool-call-reason">{` (${toolCallReasonText(locale, info.toolCallSupport)})`}</span>}
      </Fact>
      <Fact label={t('models.size')}>{model.sizeBytes !== null ? formatBytes(model.sizeBytes) : '—'}</Fact>
      <div>
        <dt>SHA-256</dt>
        <dd>
          <code title={model.sha256 ?? ''}>{model.sha256 ? `${model.sha256.slice(0, 16)}…` : '—'}</code>
        </dd>
      </div>
    </>
  );
}

/** How the model is loaded now. */
function LoadedFact({ loaded }: { loaded: LoadedModel }) {
  const { t, locale } = useLocale();
  return (
    <Fact label={t('models.loadedAs')}>
      {t('models.loadedAsValue', {
        where: loaded.gpu ? `${loaded.gpu.toUpperCase()} · ${loaded.gpuLayers}` : 'CPU',
        context: formatCount(loaded.contextSize, locale),
        sequences: loaded.sequences,
        weights: formatBytes(loaded.sizeBytes),
      })}
    </Fact>
  );
}

/** The memory it takes: RAM and VRAM, weights and contexts. */
function MemoryFact({ memory }: { memory: MemoryInUse }) {
  const { t } = useLocale();
  return (
    <Fact label={t('models.memory')}>
      <span data-testid="model-memory">
        {t('models.memoryValue', {
          ram: formatBytes(memory.ram),
          vram: formatBytes(memory.vram),
          weights: formatBytes(memory.weights.ram + memory.weights.vram),
          count: memory.contexts.count,
          contexts: formatBytes(memory.contexts.ram + memory.contexts.vram),
        })}
      </span>
    </Fact>
  );
}

/** `info`: the model as inspected now (falls back to the registration while that is read). */
export function ModelFacts({
  model,
  info,
  loaded,
  memory,
}: {
  model: ModelInfo;
  info: ModelInfo;
  loaded: LoadedModel | undefined;
  memory: MemoryInUse | undefined;
}) {
  const { t, locale } = useLocale();
  return (
    <dl className="facts">
      <Fact label={t('models.kind')}>{t(`models.kind.${model.kind}`)}</Fact>
      <div>
        <dt>{t('models.location')}</dt>
        <dd>
          <code>{model.location}</code>
        </dd>
      </div>
      {model.kind !== 'openai' && <FileFacts model={model} info={info} />}
      {loaded && <LoadedFact loaded={loaded} />}
      {memory && <MemoryFact memory={memory} />}
      {info.fit && (
        <Fact label={t('models.placement')}>
          {t('models.placementValue', {
            layers: info.fit.gpuLayers,
            context: formatCount(info.fit.contextSize, locale),
            ram: formatBytes(info.fit.ramBytes),
            vram: formatBytes(info.fit.vramBytes),
          })}
        </Fact>
      )}
      {model.base && (
        <div>
          <dt>{t('models.base')}</dt>
          <dd>
            <code>{model.base.path}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}
