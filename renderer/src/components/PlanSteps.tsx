// A plan's steps as one drawing wherever a plan is shown (a benchmark task's reference, a synthesized sample): each
// step's id and tool, and each argument as a literal value or as the expression that binds it to an earlier step,
// with what the page knows beside it (where a literal came from, what an expression gave when it ran).
import type { ReactNode } from 'react';
import type { PlanStep } from '../../../main/core/plan/types.ts';
import { useToolNames } from '../api/useToolNames.ts';
import { ToolName } from './ToolName.tsx';

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export interface PlanStepsProps {
  steps: PlanStep[];
  /** `list` for steps one under another, `diagram` for boxes in a row. */
  layout: 'list' | 'diagram';
  testId: string;
  label?: string;
  /** Beside a step's tool: how the step ran, which row it picked. */
  note?: (step: PlanStep) => ReactNode;
  /** Beside a literal argument: where its value came from. */
  literal?: (step: PlanStep, param: string) => ReactNode;
  /** Beside an argument bound by an expression: which steps feed it, what it gave. */
  bound?: (step: PlanStep, param: string) => ReactNode;
}

export function PlanSteps({ steps, layout, testId, label, note, literal, bound }: PlanStepsProps) {
  const nameOf = useToolNames();
  return (
    <ol className={layout === 'diagram' ? 'plan-diagram' : 'plan-steps'} data-testid={testId} aria-label={label}>
      {steps.map((step) => (
        <li key={step.id} className={layout === 'diagram' ? 'plan-box' : undefined}>
          <header>
            <span className="badge badge-neutral">{step.id}</span> <code>{step.tool}</code> <ToolName id={step.tool} name={nameOf(step.tool)} />
            {note?.(step)}
          </header>
          <dl className="call-args">
            {Object.entries(step.args).map(([param, arg]) => (
              <div key={param}>
                <dt>{param}</dt>
                <dd>
                  {'value' in arg ? (
                    <>
                      <code>{valueText(arg.value)}</code>
                      {literal?.(step, param)}
                    </>
                  ) : (
                    <>
                      <code className="plan-expr">{arg.expr}</code>
                      {bound?.(step, param)}
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
