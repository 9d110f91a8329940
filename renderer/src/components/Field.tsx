import type { ReactNode } from 'react';

/** One labelled fact in a definition list; `testId` lets the end-to-end tests find it. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
