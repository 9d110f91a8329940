// One tool call as the analyst sees it: the tool by its Korean name and id, the arguments with where each came
// from, its status (waiting for approval, running, done, failed with the typed error, refused), latency, the first
// rows of the result, and on demand the result exactly as the model read it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { GatewayMode } from '../../../../main/core/gateway/callResult.ts';
import { Check, CircleAlert, Clock, Hand, Loader2, Wrench } from 'lucide-react';
import type { ToolSummary } from '../../../../main/api/contract.ts';
import { useLocale } from '../../i18n.tsx';
import { callKindLabel } from '../../../../main/core/i18n/strings.ts';
import { sayCallError } from '../../../../main/core/catalog/sayViolation.ts';
import { sayRefused } from '../../../../main/core/agent/callRefusal.ts';
import { isFindToolsCall } from '../../../../main/core/agent/findTools.ts';
import { ResultTable } from '../../components/ResultTable.tsx';
import { RawBody } from '../../components/RawBody.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import type { CallCardData } from './turns.ts';

export interface ApprovalHandler {
  (approvalId: string, answer: 'once' | 'always' | 'deny', reason?: string): void;
}

/** The element id of a pending approval, for the composer's link to it. */
export const approvalAnchor = (approvalId: string): string => `approval-${approvalId.replace(/[^A-Za-z0-9_-]/g, '')}`;

function StatusIcon({ status }: { status: CallCardData['status'] }) {
  if (status === 'running') return <Loader2 size={16} className="spin" aria-hidden="true" />;
  if (status === 'approval') return <Hand size={16} aria-hidden="true" />;
  if (status === 'done') return <Check size={16} aria-hidden="true" />;
  return <CircleAlert size={16} aria-hidden="true" />;
}

function Approval({ card, mode, onAnswer }: { card: CallCardData; mode: GatewayMode; onAnswer: ApprovalHandler }) {
  const { t } = useLocale();
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const allow = useRef<HTMLButtonElement>(null);
  // A turn waiting for the analyst is never out of sight: the pane scrolls to the question, and the keyboard is on
  // "Allow once" (Enter allows, Tab reaches "Deny").
  useEffect(() => {
    allow.current?.scrollIntoView({ block: 'nearest' });
    allow.current?.focus({ preventScroll: true });
  }, []);
  const answer = (value: 'once' | 'always' | 'deny'): void => {
    setSent(true);
    onAnswer(card.approvalId!, value, value === 'deny' ? reason : undefined);
  };
  return (
    <div className="approval" role="group" aria-label={t('approval.label')} id={approvalAnchor(card.approvalId!)}>
      {/* Where the call really goes: only live and record reach an agency. */}
      <p data-testid="approval-question">{t(`approval.question.${mode}`)}</p>
      <div className="approval-actions">
        <button type="button" ref={allow} disabled={sent} onClick={() => answer('once')} data-testid="approval-once">
          {t('approval.once')}
        </button>
        <button type="button" className="ghost" disabled={sent} onClick={() => answer('always')}>
          {t('approval.always')}
        </button>
        <label className="approval-reason">
          <span className="sr-only">{t('approval.reason')}</span>
          <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('approval.reason')} disabled={sent} />
        </label>
        <button type="button" className="danger" disabled={sent} onClick={() => answer('deny')}>
          {t('approval.deny')}
        </button>
      </div>
    </div>
  );
}

function argumentText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The tool's name and id, the call's status, and how long it took. */
function CallHead({ card, name }: { card: CallCardData; name: string }) {
  const { t } = useLocale();
  return (
    <header className="call-head">
      <Wrench size={16} aria-hidden="true" />
      <strong>{name}</strong>
      <code>{card.tool}</code>
      <span className="call-status" data-testid="call-status">
        <StatusIcon status={card.status} />
        {t(`call.status.${card.status}`)}
      </span>
      {card.latencyMs !== undefined && card.status !== 'refused' && (
        <span className="muted call-latency">
          <Clock size={14} aria-hidden="true" /> {t('call.latency', { ms: Math.round(card.latencyMs) })}
        </span>
      )}
    </header>
  );
}

/** Each argument with where it came from: the question, an earlier result's field, or the model's own choice. */
function CallArguments({ card }: { card: CallCardData }) {
  const { t } = useLocale();
  return (
    <dl className="call-args">
      {Object.entries(card.arguments).map(([param, value]) => {
        const origin = card.origins?.[param];
        return (
          <div key={param}>
            <dt>{param}</dt>
            <dd>
              <code>{argumentText(value)}</code>
              <span className={origin ? 'origin' : 'origin chosen'}>
                {!origin
                  ? t('call.chosenByModel')
                  : origin.from === 'question'
                    ? t('call.fromQuestion')
                    : t('call.fromResult', { handle: origin.handle, field: origin.field })}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Something shown on request (what the model read, the raw body), behind a link that says which way it goes. */
function Unfold({ show, hide, testId, children }: { show: string; hide: string; testId?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)} data-testid={testId}>
        {open ? hide : show}
      </button>
      {open && children}
    </div>
  );
}

export function ToolCallCard({
  card,
  tool,
  tools,
  mode,
  onAnswer,
}: {
  card: CallCardData;
  tool?: ToolSummary;
  /** The catalog's tools by id, to name what a tool search found. */
  tools?: Map<string, ToolSummary>;
  /** Where the chat's calls go. */
  mode: GatewayMode;
  onAnswer: ApprovalHandler;
}) {
  const { t, locale } = useLocale();
  // find_tools is no catalog tool: it is named in words, as the catalog's tools are.
  const name = tool ? tool.name[locale] || tool.name.ko : isFindToolsCall(card.tool) ? t('call.findTools') : card.tool;
  // The result's columns and codes in people's words need the tool's fields and the catalog's kinds.
  const spec = useEngineQuery('catalog.get', { id: card.tool }, { enabled: card.preview !== undefined && tool !== undefined });
  const kinds = useEngineQuery('catalog.kinds', {}, { enabled: card.preview !== undefined });
  // Until both are read the table waits, so its headers never flash the API's codes before people's words.
  const wording = spec.isLoading || kinds.isLoading;
  return (
    <article className={`call-card call-${card.status}`} data-testid="call-card" data-status={card.status} aria-label={t('call.label', { tool: name })}>
      <CallHead card={card} name={name} />
      {Object.keys(card.arguments).length > 0 && <CallArguments card={card} />}
      {card.status === 'approval' && card.approvalId && <Approval card={card} mode={mode} onAnswer={onAnswer} />}
      {card.error && (
        <p className="error" role="note">
          <span title={card.error.kind}>{callKindLabel(locale, card.error.kind)}</span>:{' '}
          {sayCallError(locale, card.error) ?? <span lang="en">{card.error.message}</span>}
        </p>
      )}
      {card.refused && (
        <p className="warn" data-testid="call-refused">
          {sayRefused(locale, card)}
        </p>
      )}
      {card.found && (
        <p className="found-tools" data-testid="found-tools">
          {card.found.length === 0
            ? t('call.foundNone')
            : t('call.found', { tools: card.found.map((id) => `${tools?.get(id)?.name[locale] ?? id} (${id})`).join(' · ') })}
        </p>
      )}
      {card.preview && !wording && <ResultTable preview={card.preview} fields={spec.data?.response.fields} kinds={kinds.data} />}
      {card.viewText && (
        <Unfold show={t('call.showView')} hide={t('call.hideView')}>
          <pre className="view-text">{card.viewText}</pre>
        </Unfold>
      )}
      {card.raw && (
        <Unfold show={t('call.showRaw')} hide={t('call.hideRaw')} testId="show-raw">
          <RawBody raw={card.raw} testId="call-raw" />
        </Unfold>
      )}
    </article>
  );
}
