// Which tools a new chat offers the model: by default those each question needs, picked by the engine
// (core/agent/toolPick.ts: about 8, with what the EDGE graph says must come first), which keeps a small model's prompt
// short and close to what it was tuned on; or the tools of chosen agencies, or of all. The engine's own tools
// (local.*, the query tool) are offered with any choice.
import { useEffect, useRef } from 'react';
import { Wrench } from 'lucide-react';
import type { AgencyInfo, ToolSummary } from '../../../../main/api/contract.ts';
import { useLocale } from '../../i18n.tsx';

export function agenciesOf(tools: ToolSummary[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const tool of tools) if (tool.kind === 'remote') counts.set(tool.agency, (counts.get(tool.agency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

/** The tool ids a choice of agencies offers (undefined: the engine picks them for each question). */
export function toolsFor(tools: ToolSummary[], agencies: string[] | undefined): string[] | undefined {
  if (!agencies) return undefined;
  return tools.filter((t) => t.kind !== 'remote' || agencies.includes(t.agency)).map((t) => t.id);
}

export function ToolPicker(props: {
  tools: ToolSummary[];
  /** The catalog's agencies, for their names in the window's language. */
  names: AgencyInfo[];
  agencies: string[] | undefined;
  disabled: boolean;
  onChange: (agencies: string[] | undefined) => void;
}) {
  const { t, locale } = useLocale();
  const all = agenciesOf(props.tools);
  const nameOf = (agency: string): string => {
    const name = props.names.find((a) => a.id === agency)?.name;
    return name ? name[locale] || name.ko : agency;
  };
  const picked = props.agencies === undefined;
  const chosen = new Set(props.agencies ?? []);
  const toggle = (agency: string): void => {
    const next = new Set(chosen);
    if (next.has(agency)) next.delete(agency);
    else next.add(agency);
    // No agency left: back to picking for each question.
    props.onChange(next.size === 0 ? undefined : [...next]);
  };
  const summary = picked ? t('chat.toolsPicked') : chosen.size === all.length ? t('chat.toolsAll') : t('chat.toolsSome', { n: chosen.size, total: all.length });
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
        <Wrench size={14} aria-hidden="true" /> {summary}
      </summary>
      <fieldset disabled={props.disabled}>
        <legend className="sr-only">{t('chat.tools')}</legend>
        <label className="check">
          <input type="checkbox" checked={picked} onChange={() => props.onChange(picked ? all.map(([a]) => a) : undefined)} data-testid="tools-picked" />
          {t('chat.toolsPickedOption')}
        </label>
        <button type="button" className="ghost small" onClick={() => props.onChange(all.map(([a]) => a))} data-testid="tools-all">
          {t('chat.toolsAllButton')}
        </button>
        {all.map(([agency, count]) => (
          <label key={agency} className="check">
            <input type="checkbox" checked={chosen.has(agency)} onChange={() => toggle(agency)} data-testid={`agency-${agency}`} />
            {nameOf(agency)} <span className="muted">({count})</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
