// What to do first on a fresh workstation, in the order the work needs it: a model (nothing can answer without one),
// a tool tried by hand, a chat, an evaluation. Each step says whether it is done, from what the data folder holds,
// and leads to the view where it is done; the list steps aside once every step is.
import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale, type StringKey } from '../../i18n.tsx';
import { viewLink } from '../../app/viewPaths.ts';

interface Step {
  id: string;
  title: StringKey;
  how: StringKey;
  href: string;
  done: boolean | undefined;
}

export function FirstSteps() {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const calls = useEngineQuery('audit.list', { limit: 1 });
  const chats = useEngineQuery('chats.list', {});
  const runs = useEngineQuery('bench.runs', {});
  const steps: Step[] = [
    { id: 'model', title: 'first.model', how: 'first.model.how', href: viewLink('models'), done: models.data && models.data.some((m) => m.kind !== 'lora') },
    { id: 'tool', title: 'first.tool', how: 'first.tool.how', href: viewLink('catalog'), done: calls.data && calls.data.total > 0 },
    { id: 'chat', title: 'first.chat', how: 'first.chat.how', href: viewLink('chat'), done: chats.data && chats.data.length > 0 },
    { id: 'eval', title: 'first.eval', how: 'first.eval.how', href: viewLink('evaluation'), done: runs.data && runs.data.length > 0 },
  ];
  if (steps.some((s) => s.done === undefined) || steps.every((s) => s.done)) return null;
  const next = steps.find((s) => !s.done)!;
  return (
    <section className="card first-steps" aria-labelledby="first-steps" data-testid="first-steps">
      <h3 id="first-steps">{t('first.title')}</h3>
      <ol>
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'done' : step === next ? 'next' : undefined} data-testid={`first-${step.id}`} data-done={step.done}>
            {step.done ? <Check size={16} aria-label={t('first.done')} /> : <span className="step-dot" aria-hidden="true" />}
            <div>
              <Link href={step.href}>{t(step.title)}</Link>
              {!step.done && <p className="muted">{t(step.how)}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
