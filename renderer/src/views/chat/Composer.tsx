// Where a question is written and sent (Ctrl+Enter or the button), with the model, adapters and approval it runs
// with; a running answer can be stopped here.
import { useEffect, useRef, useState } from 'react';
import { Send, Square } from 'lucide-react';
import { Link } from 'wouter';
import type { ChatSettings } from '../../../../main/api/contract.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { ToolPicker } from './ToolPicker.tsx';
import { useLocale } from '../../i18n.tsx';
import { AdapterSelect, ModelSuggestions } from '../../components/ModelChoice.tsx';
import { viewLink } from '../../app/viewPaths.ts';

export interface ComposerSettings {
  model: string;
  lora: string;
  approval: 'auto' | 'ask';
  /** Agencies whose tools are offered; undefined to offer each question the tools it needs. */
  agencies?: string[];
  /** Tokens one model turn may write; undefined for the model's own default. Not fixed for a chat: each question may differ. */
  maxTokens?: number;
}

/** The agent's own bound on a turn's tokens (api/agent.ts allows up to 32,768). */
const MAX_TURN_TOKENS = 32_768;

const STORAGE_KEY = 'kopa.chat.settings';

export function savedComposerSettings(): ComposerSettings {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ComposerSettings> | null;
    return {
      model: value?.model ?? '',
      lora: value?.lora ?? '',
      approval: value?.approval === 'auto' ? 'auto' : 'ask',
      ...(Array.isArray(value?.agencies) ? { agencies: value.agencies } : {}),
      ...(typeof value?.maxTokens === 'number' ? { maxTokens: value.maxTokens } : {}),
    };
  } catch {
    return { model: '', lora: '', approval: 'ask' };
  }
}

/** Tokens one model turn may write: empty for the model's own default. */
function TurnTokens({ value, onChange }: { value: number | undefined; onChange: (tokens: number | undefined) => void }) {
  const { t } = useLocale();
  return (
    <label>
      {t('chat.maxTokens')}
      <input
        type="number"
        min={1}
        max={MAX_TURN_TOKENS}
        step={1}
        value={value ?? ''}
        placeholder={t('chat.maxTokensDefault')}
        title={t('chat.maxTokensHelp')}
        onChange={(e) => {
          const n = Number(e.target.value);
          onChange(e.target.value !== '' && Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_TURN_TOKENS) : undefined);
        }}
        className="composer-tokens"
        data-testid="composer-max-tokens"
      />
    </label>
  );
}

/** The model, adapters, tools, approval and turn length a question runs with; a chat's own are shown and fixed. */
function SettingsRow({ shown, fixed, update }: { shown: ComposerSettings; fixed: boolean; update: (change: Partial<ComposerSettings>) => void }) {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const catalog = useEngineQuery('catalog.list', {});
  const adapters = models.data?.filter((m) => m.kind === 'lora') ?? [];
  return (
    <div className="composer-settings">
      <label>
        {t('chat.model')}
        <input
          list="composer-models"
          value={shown.model}
          disabled={fixed}
          placeholder={t('chat.modelPlaceholder')}
          onChange={(e) => update({ model: e.target.value })}
          data-testid="composer-model"
        />
        <ModelSuggestions id="composer-models" models={models.data ?? []} />
      </label>
      <AdapterSelect adapters={adapters} value={shown.lora} disabled={fixed} onChange={(lora) => update({ lora })} />
      <ToolPicker
        tools={catalog.data?.tools ?? []}
        names={catalog.data?.agencies ?? []}
        agencies={shown.agencies}
        disabled={fixed}
        onChange={(agencies) => update({ agencies })}
      />
      <label className="check" title={fixed ? t('chat.settingsFixed') : undefined}>
        <input
          type="checkbox"
          checked={shown.approval === 'ask'}
          disabled={fixed}
          aria-describedby={fixed ? 'composer-fixed' : undefined}
          onChange={(e) => update({ approval: e.target.checked ? 'ask' : 'auto' })}
          data-testid="composer-approval"
        />
        {t('chat.approvalAsk')}
      </label>
      <TurnTokens value={shown.maxTokens} onChange={(maxTokens) => update({ maxTokens })} />
      {fixed && (
        <span className="muted composer-why" id="composer-fixed" data-testid="composer-fixed">
          {t('chat.settingsFixed')}
        </span>
      )}
    </div>
  );
}

type BlockedReason = 'chat.needModelFirst' | 'chat.needModelPick' | 'chat.needQuestion';

/** Why the send button is greyed out, and what to do about it. */
function BlockedNote({ blocked }: { blocked: BlockedReason | null }) {
  const { t } = useLocale();
  if (!blocked) return null;
  return (
    // An empty question needs no sentence on screen: the button's description says it to whoever asks.
    <p className={blocked === 'chat.needQuestion' ? 'sr-only' : 'muted composer-why'} id="composer-blocked" data-testid="send-blocked">
      {t(blocked)}
      {blocked === 'chat.needModelFirst' && (
        <>
          {' '}
          <Link href={viewLink('models')}>{t('chat.goToModels')}</Link>
        </>
      )}
    </p>
  );
}

/**
 * The settings a question runs with: a chat's own (fixed for it, but for the turn length, which each question may
 * change), else the ones remembered from the last question.
 */
function useComposerSettings(fixed: ChatSettings | null): { shown: ComposerSettings; update: (change: Partial<ComposerSettings>) => void } {
  const catalog = useEngineQuery('catalog.list', {});
  const tools = catalog.data?.tools ?? [];
  const [settings, setSettings] = useState<ComposerSettings>(savedComposerSettings);
  const fixedAgencies = fixed?.tools ? [...new Set(tools.filter((t) => t.kind === 'remote' && fixed.tools!.includes(t.id)).map((t) => t.agency))] : undefined;
  const shown: ComposerSettings = fixed
    ? {
        model: fixed.model,
        lora: fixed.lora?.[0] ?? '',
        approval: fixed.approval ?? 'auto',
        ...(fixedAgencies ? { agencies: fixedAgencies } : {}),
        ...(settings.maxTokens ? { maxTokens: settings.maxTokens } : {}),
      }
    : settings;
  const update = (change: Partial<ComposerSettings>): void => {
    const next: ComposerSettings = { ...settings, ...change };
    if ('agencies' in change && change.agencies === undefined) delete next.agencies;
    if ('maxTokens' in change && change.maxTokens === undefined) delete next.maxTokens;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setSettings(next);
  };
  return { shown, update };
}

export function Composer(props: {
  running: boolean;
  /** A chat's own settings (fixed for it); a new chat takes the remembered ones. */
  chatSettings: ChatSettings | null;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (question: string, settings: ComposerSettings) => void;
  onStop: () => void;
}) {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const { shown, update } = useComposerSettings(props.chatSettings);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => input.current?.focus(), [props.draft]);

  const send = (): void => {
    const question = props.draft.trim();
    if (question === '' || shown.model.trim() === '' || props.running) return;
    props.onSend(question, shown);
  };
  const registered = (models.data ?? []).filter((m) => m.kind !== 'lora');
  // A greyed-out button says why, and what to do about it.
  const blocked: BlockedReason | null =
    shown.model.trim() === ''
      ? registered.length === 0
        ? 'chat.needModelFirst'
        : 'chat.needModelPick'
      : props.draft.trim() === ''
        ? 'chat.needQuestion'
        : null;

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <SettingsRow shown={shown} fixed={props.chatSettings !== null} update={update} />
      <div className="composer-row">
        <label className="composer-input">
          <span className="sr-only">{t('chat.question')}</span>
          <textarea
            ref={input}
            rows={2}
            value={props.draft}
            placeholder={t('chat.placeholder')}
            onChange={(e) => props.onDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                send();
              }
            }}
            data-testid="composer-input"
          />
        </label>
        {props.running ? (
          <button type="button" className="danger" onClick={props.onStop} data-testid="stop">
            <Square size={16} aria-hidden="true" /> {t('chat.stop')}
          </button>
        ) : (
          <button
            type="submit"
            disabled={blocked !== null}
            title={blocked ? t(blocked) : undefined}
            aria-describedby={blocked ? 'composer-blocked' : undefined}
            data-testid="send"
          >
            <Send size={16} aria-hidden="true" /> {t('chat.send')}
          </button>
        )}
      </div>
      {!props.running && <BlockedNote blocked={blocked} />}
    </form>
  );
}
