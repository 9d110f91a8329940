// The graph's filters: which statuses, link kinds and bases are drawn, one agency, and a tool found as you type to
// focus on its neighbourhood.
import { useState } from 'react';
import { Search } from 'lucide-react';
import type { CandidateBasis } from '../../../../main/core/edges/types.ts';
import { linkKinds } from '../../../../main/core/edges/linkKind.ts';
import { searchTools, type SearchableTool } from '../../../../main/core/catalog/catalogSearch.ts';
import { useLocale } from '../../i18n.tsx';
import { ALL_KINDS, ALL_STATUSES, type EdgeCounts, type GraphFilter } from './graphFilter.ts';
import { KIND_DASHES, STATUS_COLOURS } from './GraphCanvas.tsx';

/** Tools listed under the search box as the analyst types. */
const MATCHES = 8;

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A search box whose matches focus the graph on one tool. */
function ToolFinder({ tools, agencyName, onFocus }: { tools: SearchableTool[]; agencyName: (agency: string) => string; onFocus: (id: string) => void }) {
  const { t, locale } = useLocale();
  const [search, setSearch] = useState('');
  const matches = search.trim() ? searchTools(tools, agencyName, search).slice(0, MATCHES) : [];
  const focus = (id: string): void => {
    setSearch('');
    onFocus(id);
  };
  return (
    <form
      className="search graph-search"
      onSubmit={(e) => {
        e.preventDefault();
        if (matches[0]) focus(matches[0].id);
      }}
    >
      <label className="search">
        <Search size={16} aria-hidden="true" />
        <span className="sr-only">{t('graph.find')}</span>
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('graph.find')}
          aria-describedby="graph-find-hint"
          data-testid="graph-find"
        />
      </label>
      {search.trim() && (
        <ul className="graph-matches card" data-testid="graph-matches" aria-label={t('graph.matches')}>
          {matches.length === 0 && <li className="muted">{t('graph.noMatch')}</li>}
          {matches.map((tool) => (
            <li key={tool.id}>
              <button type="button" className="link-button" onClick={() => focus(tool.id)} data-testid="graph-match">
                {tool.name[locale] || tool.name.ko} <span className="muted">{agencyName(tool.agency)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <span id="graph-find-hint" className="sr-only">
        {t('graph.findHint')}
      </span>
    </form>
  );
}

/** The status, link-kind and basis checkboxes, each with its count where it has one. */
function FilterChecks({ filter, onFilter, counts }: { filter: GraphFilter; onFilter: (filter: GraphFilter) => void; counts: EdgeCounts }) {
  const { t } = useLocale();
  const { byStatus, verifiedKinds } = counts;
  return (
    <>
      <fieldset>
        <legend>{t('graph.status')}</legend>
        {ALL_STATUSES.map((status) => (
          <label key={status} className="check">
            <input
              type="checkbox"
              checked={filter.statuses.includes(status)}
              onChange={() => onFilter({ ...filter, statuses: toggle(filter.statuses, status) })}
              data-testid={`graph-status-${status}`}
            />
            <span className="status-dot" style={{ background: STATUS_COLOURS[status] }} aria-hidden="true" />
            {t(`edge.status.${status}`)} ({byStatus[status]})
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('graph.linkKind')}</legend>
        {linkKinds.map((kind) => (
          <label key={kind} className="check" title={t(`graph.linkKind.${kind}.why`)}>
            <input
              type="checkbox"
              checked={filter.links.includes(kind)}
              onChange={() => onFilter({ ...filter, links: toggle(filter.links, kind) })}
              data-testid={`graph-link-${kind}`}
            />
            {t(`graph.linkKind.${kind}`)} ({verifiedKinds[kind]})
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('graph.kind')}</legend>
        {ALL_KINDS.map((kind: CandidateBasis) => (
          <label key={kind} className="check">
            <input type="checkbox" checked={filter.kinds.includes(kind)} onChange={() => onFilter({ ...filter, kinds: toggle(filter.kinds, kind) })} />
            <svg width="26" height="8" aria-hidden="true">
              <line x1="0" x2="26" y1="4" y2="4" stroke="currentColor" strokeWidth="2" strokeDasharray={KIND_DASHES[kind].join(' ') || undefined} />
            </svg>
            {t(`graph.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

export interface GraphFiltersProps {
  filter: GraphFilter;
  onFilter: (filter: GraphFilter) => void;
  counts: EdgeCounts;
  agencies: string[];
  agencyName: (agency: string) => string;
  tools: SearchableTool[];
  /** A tool or an agency chosen: the view turns to the tools. */
  onShowTools: () => void;
}

export function GraphFilters({ filter, onFilter, counts, agencies, agencyName, tools, onShowTools }: GraphFiltersProps) {
  const { t } = useLocale();
  return (
    <div className="graph-filters form-row">
      <FilterChecks filter={filter} onFilter={onFilter} counts={counts} />
      <label>
        {t('graph.agency')}
        <select
          value={filter.agency ?? ''}
          onChange={(e) => {
            onFilter({ ...filter, agency: e.target.value || null });
            if (e.target.value) onShowTools();
          }}
        >
          <option value="">{t('eval.any')}</option>
          {agencies.map((agency) => (
            <option key={agency} value={agency}>
              {agencyName(agency)}
            </option>
          ))}
        </select>
      </label>
      <ToolFinder
        tools={tools}
        agencyName={agencyName}
        onFocus={(id) => {
          onFilter({ ...filter, focus: id });
          onShowTools();
        }}
      />
      {filter.focus && (
        <button type="button" className="ghost small" onClick={() => onFilter({ ...filter, focus: null })}>
          {t('graph.unfocus')}
        </button>
      )}
    </div>
  );
}
