// Which agencies' tools a new chat offers the model: all by default; fewer tools make a shorter prompt (a small model's
// context) and keep a chat to the services it is about. The engine's own tools (local.*, the query tool) are always offered.
import { useEffect, useRef } from 'react';
import { Wrench } from 'lucide-react';
import type { ToolSummary } from '../../../../main/api/contract.ts';
import { useLocale } from '../../i18n.tsx';

export function agenciesOf(tools: ToolSummary[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const tool of tools) if (tool.kind === 'remote') counts.set(tool.agency, (counts.get(tool.agency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

/** The tool ids a choice of agencies offers (undefined: the whole catalog). */
export function toolsFor(tools: ToolSummary[], agencies: string[] | undefined): string[] | undefined {
  if (!agencies) return undefined;
  return tools.filter((t) => t.kind !== 'remote' || agencies.includes(t.agency)).map((t) => t.id);
}

export function ToolPicker(props: { tools: ToolSummary[]; agencies: string[] | undefined; disabled: boolean; onChange: (agencies: string[] | undefined) => void }) {
  const { t } = useLocale();
  const all = agenciesOf(props.tools);
  const chosen = new Set(props.agencies ?? all.map(([a]) => a));
  const toggle = (agency: string): void => {
    const next = new Set(chosen);
    if (next.has(agency)) next.delete(agency);
    else next.add(agency);
    props.onChange(next.size === all.length ? undefined : [...next]);
  };
  const details = useRef<HTMLDetailsElement>(null);
  // A popover: it closes on a click elsewhere or Escape rather than covering the answer that follows.
  useEffect(() => {
    const close = (event: Event): void => {
      const element = details.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !element.contains(event.target as Node)) element.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details className="tool-picker" ref={details}>
      <summary>
        <Wrench size={14} aria-hidden="true" /> {props.agencies ? t('chat.toolsSome', { n: chosen.size, total: all.length }) : t('chat.toolsAll')}
      </summary>
      <fieldset disabled={props.disabled}>
        <legend className="sr-only">{t('chat.tools')}</legend>
        {all.map(([agency, count]) => (
          <label key={agency} className="check">
            <input type="checkbox" checked={chosen.has(agency)} onChange={() => toggle(agency)} data-testid={`agency-${agency}`} />
            {agency} <span className="muted">({count})</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
