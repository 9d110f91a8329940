// The analyst's chat with the agent: sessions, the conversation with every call as a card, per-call approval,
// stop, regenerate, edit-and-resend, and export as Markdown or JSON.
import { useMemo, useState } from 'react';
import type { TurnProgress } from '../../../../main/core/agent/types.ts';
import type { GatewayMode } from '../../../../main/core/gateway/callResult.ts';
import { useLocation } from 'wouter';
import { Download, Hand, Pencil, RotateCcw } from 'lucide-react';
import type { ChatSettings, ToolSummary } from '../../../../main/api/contract.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useBackend } from '../../state/backendMode.tsx';
import { useLocale, type StringKey } from '../../i18n.tsx';
import { ModelMarkdown } from '../../components/Markdown.tsx';
import { ModelName } from '../../components/ModelChoice.tsx';
import { SessionList } from './SessionList.tsx';
import { Composer, savedComposerSettings, type ComposerSettings } from './Composer.tsx';
import { approvalAnchor, ToolCallCard, type ApprovalHandler } from './ToolCallCard.tsx';
import { useChatRun } from './ChatRunProvider.tsx';
import { nothingWritten, pendingApproval, turnsOf, type CallCardData, type Turn } from './turns.ts';
import { toolsFor } from './ToolPicker.tsx';
import { QueryStatus } from '../../components/Skeleton.tsx';
import { claimText } from '../../../../main/core/answer/claim.ts';
import { withoutAnswerLine } from '../../../../main/core/answer/answerLine.ts';
import { download } from '../../download.ts';
import { viewLink } from '../../app/viewPaths.ts';

const EXAMPLES: StringKey[] = ['chat.example1', 'chat.example2', 'chat.example3', 'chat.example4'];

/** The tools the question was offered, by their Korean or English names, folded under a count. */
function OfferedTools(props: { offered: NonNullable<Turn['offered']>; tools: Map<string, ToolSummary> }) {
  const { t, locale } = useLocale();
  const names = props.offered.tools.map((id) => props.tools.get(id)?.name[locale] ?? id);
  return (
    <details className="offered" data-testid="offered-tools">
      <summary>{t(props.offered.picked ? 'chat.offeredPicked' : 'chat.offered', { n: names.length })}</summary>
      <p>{names.join(' · ')}</p>
    </details>
  );
}

/** A local model's turn as it goes: the prompt being read, then the tokens written and how fast. */
function progressText(p: TurnProgress, t: ReturnType<typeof useLocale>['t'], locale: 'ko' | 'en'): string {
  const n = (v: number, digits = 0): string => v.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: digits });
  const seconds = n(p.elapsedMs / 1000);
  if (p.written === 0) return t('chat.progress.reading', { read: n(p.read), toRead: n(p.toRead), seconds });
  const rate = p.writingMs > 0 ? n((p.written * 1000) / p.writingMs, 1) : '—';
  return t('chat.progress.writing', { written: n(p.written), rate, seconds });
}

/** Output a stop or a limit cut short: what was reached, and the text written before it. */
function CutOutput({ item }: { item: Extract<Turn['items'][number], { kind: 'cut' }> }) {
  const { t, locale } = useLocale();
  return (
    <div className="answer cut-output" data-testid="cut-output" data-cut={item.cut}>
      <p className="muted">
        {nothingWritten(item) ? t('chat.cut.nothingWritten', { seconds: Math.round((item.ms ?? 0) / 1000) }) : t(`chat.cut.${item.cut}`)}
        {!nothingWritten(item) && item.tokens !== undefined && item.ms !== undefined && (
          <span data-testid="cut-reached"> {t('chat.cut.reached', { tokens: item.tokens.toLocaleString(locale), seconds: Math.round(item.ms / 1000) })}</span>
        )}
      </p>
      <ModelMarkdown text={item.text} />
    </div>
  );
}

/** The committed claim as the answer's headline, the message beneath it (its 정답 line said once, in the headline). */
function Answer({ answer, claim }: { answer: string; claim: Turn['claim'] }) {
  const { t, locale } = useLocale();
  return (
    <div className="answer" data-testid="answer">
      <p className={claim ? 'claim' : 'claim none'} data-testid="claim">
        <span className="claim-label">{t('chat.claim')}</span> {claim ? claimText(claim, locale) : t('chat.noClaim')}
      </p>
      <ModelMarkdown text={claim?.kind === 'text' ? withoutAnswerLine(answer) : answer} />
    </div>
  );
}

function TurnView(props: {
  turn: Turn;
  tools: Map<string, ToolSummary>;
  live: boolean;
  last: boolean;
  mode: GatewayMode;
  onAnswer: ApprovalHandler;
  onEdit?: () => void;
  onRegenerate?: () => void;
}) {
  const { t, locale } = useLocale();
  const { turn } = props;
  return (
    <section className="turn" data-testid="turn">
      <div className="question">
        <p>{turn.question}</p>
        {props.onEdit && (
          <button type="button" className="icon" aria-label={t('chat.edit')} title={t('chat.edit')} onClick={props.onEdit}>
            <Pencil size={14} aria-hidden="true" />
          </button>
        )}
      </div>
      {turn.offered && <OfferedTools offered={turn.offered} tools={props.tools} />}
      {turn.items.map((item, i) =>
        item.kind === 'call' ? (
          <ToolCallCard
            key={item.card.callId}
            card={item.card}
            tool={props.tools.get(item.card.tool)}
            tools={props.tools}
            mode={props.mode}
            onAnswer={props.onAnswer}
          />
        ) : item.kind === 'thinking' ? (
          <details key={i} className="thinking" data-testid="thinking">
            <summary>{t('chat.thinking')}</summary>
            <p>{item.text}</p>
          </details>
        ) : item.kind === 'cut' ? (
          <CutOutput key={i} item={item} />
        ) : item.kind === 'trimmed' ? (
          <p key={i} className="notice" role="note" data-testid="context-trimmed">
            {t('chat.trimmed', { results: item.results, items: item.items })}
          </p>
        ) : (
          <div key={i} className="answer streaming" data-testid="streaming">
            <ModelMarkdown text={item.text} />
          </div>
        ),
      )}
      {props.live && turn.progress && (
        <p className="muted turn-progress" role="status" data-testid="turn-progress">
          {turn.progress.written === 0 && <progress max={Math.max(1, turn.progress.toRead)} value={turn.progress.read} aria-hidden="true" />}
          {progressText(turn.progress, t, locale)}
        </p>
      )}
      {turn.answer !== null && <Answer answer={turn.answer} claim={turn.claim} />}
      {turn.answer === null && !props.live && !turn.items.some((item) => item.kind === 'cut') && <p className="muted">{t('chat.noAnswer')}</p>}
      {props.last && props.onRegenerate && (
        <button type="button" className="ghost small" onClick={props.onRegenerate}>
          <RotateCcw size={14} aria-hidden="true" /> {t('chat.regenerate')}
        </button>
      )}
    </section>
  );
}

/** Brings a pending approval into view, its "Allow once" under the keyboard. */
function showApproval(card: CallCardData): void {
  const group = document.getElementById(approvalAnchor(card.approvalId!));
  group?.scrollIntoView({ block: 'center' });
  group?.querySelector<HTMLButtonElement>('[data-testid=approval-once]')?.focus({ preventScroll: true });
}

function Examples({ onPick }: { onPick: (question: string) => void }) {
  const { t } = useLocale();
  return (
    <div className="empty">
      <h2>{t('chat.emptyTitle')}</h2>
      <p className="muted">{t('chat.emptyText')}</p>
      <ul className="examples">
        {EXAMPLES.map((key) => (
          <li key={key}>
            <button type="button" className="example" onClick={() => onPick(t(key))}>
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The chat's title, the model it runs, and its exports (a chat not yet saved has none). */
function ChatHead({ title, model, onExport }: { title: string; model: string | undefined; onExport: ((format: 'md' | 'json') => void) | undefined }) {
  return (
    <header className="chat-head">
      <h2 id="chat-title">{title}</h2>
      {onExport && (
        <div className="chat-head-actions">
          {model && (
            <span className="muted">
              <ModelName modelRef={model} />
            </span>
          )}
          <button type="button" className="ghost small" onClick={() => onExport('md')}>
            <Download size={14} aria-hidden="true" /> Markdown
          </button>
          <button type="button" className="ghost small" onClick={() => onExport('json')}>
            <Download size={14} aria-hidden="true" /> JSON
          </button>
        </div>
      )}
    </header>
  );
}

function ModelLoading({ percent }: { percent: number }) {
  const { t } = useLocale();
  return (
    <p className="muted turn-progress" role="status" data-testid="model-loading">
      <progress max={100} value={percent} aria-hidden="true" />
      {t('chat.loadingModel', { percent })}
    </p>
  );
}

/** Why the run failed or what went wrong in it, with the engine's hint. */
function RunProblem({ failed, error, onDismiss }: { failed: boolean; error: { message: string; hint?: string }; onDismiss: () => void }) {
  const { t } = useLocale();
  return (
    <div className="banner" role="alert">
      <p>
        {t(failed ? 'chat.failed' : 'chat.problem', { message: error.message })}
        {error.hint && <span className="muted error-hint"> {error.hint}</span>}
      </p>
      <button type="button" className="ghost small" onClick={onDismiss}>
        {t('common.close')}
      </button>
    </div>
  );
}

/** The call the turn waits on the analyst for, said beside the composer with a way to it. */
function AwaitingApproval({ pending }: { pending: CallCardData }) {
  const { t } = useLocale();
  return (
    <p className="waiting-note" role="status" data-testid="awaiting-approval">
      <Hand size={14} aria-hidden="true" /> {t('chat.awaitingApproval')}{' '}
      <button type="button" className="link" onClick={() => showApproval(pending)} data-testid="awaiting-approval-jump">
        {t('chat.showApproval')}
      </button>
    </p>
  );
}

/** A question asked again (regenerated) runs with its chat's settings and the turn length last chosen. */
function composerOf(settings: ChatSettings | null): ComposerSettings {
  const { maxTokens } = savedComposerSettings();
  return { model: settings?.model ?? '', lora: settings?.lora?.[0] ?? '', approval: settings?.approval ?? 'auto', ...(maxTokens ? { maxTokens } : {}) };
}

function EditingNote({ onCancel }: { onCancel: () => void }) {
  const { t } = useLocale();
  return (
    <p className="muted editing-note">
      {t('chat.editing')}{' '}
      <button type="button" className="link" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </p>
  );
}

/** What the ask of a chat needs from the view around it. */
interface AskContext {
  chatId: string | undefined;
  settings: ChatSettings | null;
  runMode: GatewayMode;
  refetch: () => Promise<unknown>;
  truncate: (params: { id: string; fromSeq: number }) => Promise<unknown>;
  setDraft: (text: string) => void;
  setEditing: (seq: number | null) => void;
}

/** Asks a question in this chat (or a new one), as the composer's settings say; `fromSeq` replaces a question and what followed. */
function useAsk({ chatId, settings, runMode, refetch, truncate, setDraft, setEditing }: AskContext) {
  const api = useEngine();
  const [, navigate] = useLocation();
  const { backend } = useBackend();
  const run = useChatRun();
  const catalog = useEngineQuery('catalog.list', {});
  return (question: string, composer: ComposerSettings, fromSeq?: number): void => {
    if (!api) return;
    const offered = settings?.tools ?? toolsFor(catalog.data?.tools ?? [], composer.agencies);
    const start = (): void =>
      run.ask(
        {
          question,
          model: composer.model,
          ...(composer.lora ? { lora: [composer.lora] } : {}),
          approval: composer.approval,
          ...(composer.maxTokens ? { maxTokens: composer.maxTokens } : {}),
          mode: runMode,
          ...(offered ? { tools: offered } : {}),
          ...((settings?.snapshot ?? backend.snapshot) ? { snapshot: settings?.snapshot ?? backend.snapshot } : {}),
          ...(chatId ? { chatId } : {}),
        },
        (id) => navigate(viewLink('chat', id), { replace: true }),
      );
    setDraft('');
    setEditing(null);
    // An edited or regenerated question replaces itself and everything after it; refused, the question goes back to
    // the composer beside the reason.
    if (chatId && fromSeq !== undefined) void truncate({ id: chatId, fromSeq }).then((kept) => (kept ? refetch().then(start) : setDraft(question)));
    else start();
  };
}

export function ChatView({ chatId }: { chatId?: string }) {
  const { t } = useLocale();
  const [, navigate] = useLocation();
  const { backend } = useBackend();
  const run = useChatRun();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const transcript = useEngineQuery('chats.get', { id: chatId ?? '' }, { enabled: chatId !== undefined });
  const catalog = useEngineQuery('catalog.list', {});
  const tools = useMemo(() => new Map((catalog.data?.tools ?? []).map((tool) => [tool.id, tool])), [catalog.data]);
  const live = run.live && (run.live.chatId === chatId || (!run.live.chatId && chatId === undefined)) ? run.live : null;
  const stored = useMemo(() => (chatId && transcript.data ? turnsOf(transcript.data.messages) : []), [chatId, transcript.data]);
  // The question being answered is stored as it is asked: a transcript fetched meanwhile holds it once more.
  const turns = live?.status === 'running' && stored.at(-1)?.question === live.turn.question ? stored.slice(0, -1) : stored;
  const running = run.live?.status === 'running';
  const settings: ChatSettings | null = chatId ? (transcript.data?.chat.settings ?? null) : null;
  const runMode = settings?.mode ?? backend.mode;
  const truncate = useEngineMutation('chats.truncate');
  const exporting = useEngineMutation('chats.export');

  const ask = useAsk({ chatId, settings, runMode, refetch: transcript.refetch, truncate: truncate.run, setDraft, setEditing });
  const lastTurn = turns.at(-1);
  const exportAs = (format: 'md' | 'json'): void => {
    if (!chatId) return;
    void exporting
      .run({ id: chatId, format })
      .then((file) => file && download(file.fileName, file.content, format === 'md' ? 'text/markdown' : 'application/json'));
  };
  const failed = truncate.error ? truncate : exporting.error ? exporting : undefined;
  // The call the turn waits on the analyst for, if any: said beside the composer (the status bar and the window's
  // title say it in every view).
  const pending = live?.status === 'running' ? pendingApproval(live.turn) : undefined;

  return (
    <div className="chat-layout">
      <SessionList activeId={chatId} onRemovedActive={() => navigate(viewLink('chat'))} />
      <section className="chat-main" aria-labelledby="chat-title">
        <ChatHead title={chatId ? (transcript.data?.chat.title ?? '…') : t('chat.new')} model={settings?.model} onExport={chatId ? exportAs : undefined} />
        {/* A refused edit is asked again from the composer, where the question went back; an export is tried again here. */}
        <ErrorNote error={failed?.error ?? null} onRetry={failed === exporting ? exporting.retry : undefined} onDismiss={failed?.dismiss} />
        <div className="conversation" aria-live="polite" aria-busy={running}>
          <QueryStatus query={transcript} rows={4} />
          {!chatId && !live && <Examples onPick={setDraft} />}
          {turns.map((turn) => (
            <TurnView
              key={turn.seq}
              turn={turn}
              tools={tools}
              live={false}
              last={turn === lastTurn && !live}
              mode={runMode}
              onAnswer={run.answer}
              onEdit={
                running
                  ? undefined
                  : () => {
                      setEditing(turn.seq!);
                      setDraft(turn.question);
                    }
              }
              onRegenerate={running ? undefined : () => ask(turn.question, composerOf(settings), turn.seq)}
            />
          ))}
          {live?.loading !== undefined && <ModelLoading percent={live.loading} />}
          {live && <TurnView turn={live.turn} tools={tools} live={live.status === 'running'} last={false} mode={runMode} onAnswer={run.answer} />}
          {live?.error && <RunProblem failed={live.status === 'failed'} error={live.error} onDismiss={run.dismiss} />}
        </div>
        {pending && <AwaitingApproval pending={pending} />}
        {editing !== null && <EditingNote onCancel={() => (setEditing(null), setDraft(''))} />}
        <Composer
          running={running}
          chatSettings={settings}
          draft={draft}
          onDraft={setDraft}
          onStop={run.stop}
          onSend={(question, composer) => ask(question, composer, editing ?? undefined)}
        />
      </section>
    </div>
  );
}
