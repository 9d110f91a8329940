// How a model trained here learned, on its card: the supervised loss by step, and for a GRPO run the reward by
// iteration beside what right and wrong answers earned (a reward that starts paying wrong answers as well as right
// ones is being gamed), with the best-paid wrong attempts of the last iteration to read.
import { LineChart } from '../../components/charts/LineChart.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale } from '../../i18n.tsx';

export function TrainingHistory({ modelId }: { modelId: string }) {
  const { t } = useLocale();
  const history = useEngineQuery('train.history', { ref: modelId });
  const h = history.data;
  if (!h) return null;
  const iterations = h.grpo;
  const series = (name: string, pick: (p: (typeof iterations)[number]) => number | null) => ({
    name,
    points: iterations.flatMap((p) => {
      const v = pick(p);
      return v === null ? [] : [{ x: p.iteration + 1, y: v }];
    }),
  });
  return (
    <details className="training-history" data-testid="training-history">
      <summary>
        {h.kind === 'grpo'
          ? t('models.training.grpoSummary', { from: h.from ?? '', iterations: iterations.length, dataset: h.dataset })
          : t('models.training.summary', { dataset: h.dataset, steps: h.loss.at(-1)?.step ?? 0 })}
      </summary>
      {h.loss.length > 0 && (
        <LineChart
          title={t('models.training.lossTitle', { validation: h.validationLoss ?? '—' })}
          xLabel={t('models.training.step')}
          series={[{ name: t('models.training.loss'), points: h.loss.map((p) => ({ x: p.step, y: p.loss })) }]}
        />
      )}
      {iterations.length > 0 && (
        <>
          <LineChart
            title={t('models.training.rewardTitle')}
            xLabel={t('models.training.iteration')}
            series={[
              series(t('models.training.rewardAll'), (p) => p.reward),
              series(t('models.training.rewardRight'), (p) => p.solvedReward),
              series(t('models.training.rewardWrong'), (p) => p.unsolvedReward),
            ]}
          />
          <LineChart
            title={t('models.training.solvedTitle')}
            xLabel={t('models.training.iteration')}
            yDomain={[0, 1]}
            formatY={(v) => `${Math.round(v * 100)}%`}
            series={[
              series(t('models.training.solved'), (p) => p.solved),
              // Asked of the policy that sampled that iteration (the first: the supervised model itself).
              { name: t('models.training.heldOut'), points: h.heldOut.map((p) => ({ x: p.iteration + 1, y: p.solved })) },
            ]}
          />
        </>
      )}
      {h.watched.length > 0 && (
        <section aria-label={t('models.training.watchedTitle')}>
          <h4>{t('models.training.watchedTitle')}</h4>
          <p className="muted">{t('models.training.watchedHint')}</p>
          <ol className="watched-attempts">
            {h.watched.map((a) => (
              <li key={`${a.sample}-${a.reward}`}>
                <span className="muted">{t('models.training.watchedLine', { sample: a.sample, reward: a.reward.toFixed(3) })}</span>
                <pre>{a.written}</pre>
              </li>
            ))}
          </ol>
        </section>
      )}
    </details>
  );
}
