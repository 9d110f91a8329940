// One synthesized sample as a person checks it: the Korean request (and its other phrasings), the plan as a row of
// steps showing which value each argument comes from (the request, or a field of an earlier step through its
// expression), the executed trace with each argument's origin, the answer, and the alternative trajectories beside it.
import type { SynthSample } from '../../../../main/core/synth/types.ts';
import type { PlanStep, TraceStep } from '../../../../main/core/plan/types.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useToolNames } from '../../api/useToolNames.ts';
import { useLocale } from '../../i18n.tsx';
import { formatDateTime } from '../../format.ts';
import { argumentSources } from './sampleFilter.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { Quoted } from '../../components/Quoted.tsx';
import { PlanSteps } from '../../components/PlanSteps.tsx';

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Where the request says a literal argument ("step.param" → its words); a literal it does not say, the plan set. */
function mentionsOf(sample: SynthSample): Map<string, string> {
  return new Map(sample.walk.steps.flatMap((s) => s.mentions.map((m) => [`${m.step}.${m.param}`, m.text] as const)));
}

function PlanDiagram({ sample }: { sample: SynthSample }) {
  const { t } = useLocale();
  const mentions = mentionsOf(sample);
  const picks = new Map(sample.walk.steps.flatMap((s) => s.inputs.map((input) => [s.id, input.selection] as const)));
  return (
    <PlanSteps
      steps={sample.walk.plan.steps}
      layout="diagram"
      testId="plan-diagram"
      label={t('sample.plan')}
      note={(step) => {
        const pick = picks.get(step.id);
        return pick && pick.kind !== 'first' ? <p className="muted">{t(`sample.pick.${pick.kind}`, { field: pick.label ?? pick.field ?? '' })}</p> : null;
      }}
      literal={(step, param) => (
        <span className="origin">
          {mentions.has(`${step.id}.${param}`) ? (
            <Quoted sentence={(text) => t('sample.fromRequestAs', { text })} quote={mentions.get(`${step.id}.${param}`)!} lang="ko" />
          ) : (
            t('sample.setByPlan')
          )}
        </span>
      )}
      bound={(step, param) => <span className="origin flow">{t('sample.fromSteps', { steps: argumentSources(step, param).join(', ') })}</span>}
    />
  );
}

function TraceSteps({ steps, plan, mentions }: { steps: TraceStep[]; plan: PlanStep[]; mentions: Map<string, string> }) {
  const { t } = useLocale();
  return (
    <ol className="attempt-calls" data-testid="sample-trace">
      {steps.map((step) => {
        const planned = plan.find((p) => p.id === step.id);
        return (
          <li key={step.id} className={step.ok ? '' : 'call-failed-line'}>
            <code>{step.tool}</code> <span className="muted">{step.ok ? t('eval.rows', { n: step.totalCount ?? step.items.length }) : step.errorKind}</span>
            <dl className="call-args">
              {Object.entries(step.args).map(([param, value]) => {
                const from = planned ? argumentSources(planned, param) : [];
                return (
                  <div key={param}>
                    <dt>{param}</dt>
                    <dd>
                      <code className={from.length > 0 ? 'carried' : ''}>{text(value)}</code>
                      <span className="origin">
                        {from.length > 0 ? (
                          t('sample.fromSteps', { steps: from.join(', ') })
                        ) : mentions.has(`${step.id}.${param}`) ? (
                          <Quoted sentence={(text) => t('sample.fromRequestAs', { text })} quote={mentions.get(`${step.id}.${param}`)!} lang="ko" />
                        ) : (
                          t('sample.setByPlan')
                        )}
                      </span>
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

/** The request as the dataset holds it: its register and intent, the moment it is asked at, other phrasings, the answer. */
function SampleHead({ sample: s }: { sample: SynthSample }) {
  const { t, locale } = useLocale();
  return (
    <section className="card">
      <h3>{t('sample.title', { n: s.ordinal })}</h3>
      <p className="task-query" data-testid="sample-query" lang="ko">
        {s.query}
      </p>
      <p className="row">
        {s.register && <span className="badge badge-neutral">{t(`sample.register.${s.register}`)}</span>}
        {s.intent && <span className="badge badge-neutral">{s.intent}</span>}
        <span className="muted">{t('sample.asOf', { asOf: formatDateTime(s.walk.asOf, locale) })}</span>
      </p>
      {s.phrasings.length > 1 && (
        <>
          <h4>{t('sample.phrasings')}</h4>
          <ul>
            {s.phrasings.slice(1).map((p) => (
              <li key={p} lang="ko">
                {p}
              </li>
            ))}
          </ul>
        </>
      )}
      {s.paraphrasedFrom && (
        <p className="muted">
          <Quoted sentence={(text) => t('sample.paraphrasedFrom', { text })} quote={s.paraphrasedFrom} lang="ko" />
        </p>
      )}
      <h4>{t('sample.answer')}</h4>
      <p data-testid="sample-answer" lang="ko">
        {s.answerText}
      </p>
    </section>
  );
}

/** One way to the answer: its tools in order, and the answer it reached. */
function Path({ title, steps, answer }: { title: string; steps: PlanStep[]; answer: string | null }) {
  const nameOf = useToolNames();
  return (
    <div className="alternative">
      <h4>{title}</h4>
      <ol>
        {steps.map((step) => (
          <li key={step.id} title={step.tool}>
            {nameOf(step.tool)}
          </li>
        ))}
      </ol>
      {answer !== null && <p className="muted">{answer}</p>}
    </div>
  );
}

/** The sample's own way beside the other ways that reached the same answer. */
function Alternatives({ sample: s }: { sample: SynthSample }) {
  const { t } = useLocale();
  return (
    <section className="card">
      <h3>{t('sample.alternatives', { n: s.alternatives.length })}</h3>
      <div className="alternatives" data-testid="sample-alternatives">
        <Path title={t('sample.main')} steps={s.walk.plan.steps} answer={text(s.walk.trace.answer)} />
        {s.alternatives.map((alt, i) => (
          <Path key={i} title={t('sample.alternativeN', { n: i + 1 })} steps={alt.plan.steps} answer={alt.trace ? text(alt.trace.answer) : null} />
        ))}
      </div>
    </section>
  );
}

export function SamplePanel({ dataset, ordinal }: { dataset: string; ordinal: number }) {
  const { t } = useLocale();
  const sample = useEngineQuery('synth.sample', { dataset, ordinal });
  if (sample.isError) {
    return (
      <p className="error" role="alert">
        {sample.error.message}
      </p>
    );
  }
  const s = sample.data;
  if (!s) return <Skeleton rows={8} />;
  return (
    <article className="sample" data-testid="sample-panel" aria-label={t('sample.title', { n: s.ordinal })}>
      <SampleHead sample={s} />
      <section className="card">
        <h3>{t('sample.plan')}</h3>
        <PlanDiagram sample={s} />
      </section>
      <section className="card">
        <h3>{t('sample.trace')}</h3>
        <TraceSteps steps={s.walk.trace.steps} plan={s.walk.plan.steps} mentions={mentionsOf(s)} />
      </section>
      {s.alternatives.length > 0 && <Alternatives sample={s} />}
    </article>
  );
}
