import type { ReactNode } from 'react';

/** One labelled fact in a grid of facts (`.facts`): a model's architecture, a run's sampling. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
