// The catalog: every tool grouped by agency, searched as the analyst types (names, id, agency, description and
// everyday words, best matches first), and one tool's page beside the list (its address is #/catalog/<tool id>).
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Boxes, Search } from 'lucide-react';
import type { CatalogListing, ToolSummary } from '../../../../main/api/contract.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale } from '../../i18n.tsx';
import { ToolPage } from './ToolPage.tsx';
import { QueryStatus } from '../../components/Skeleton.tsx';
import { searchTools } from '../../../../main/core/catalog/catalogSearch.ts';
import { viewLink } from '../../app/viewPaths.ts';

interface AgencyGroup {
  id: string;
  name: string;
  tools: ToolSummary[];
}

function groups(listing: CatalogListing, locale: 'ko' | 'en', query: string): AgencyGroup[] {
  const names = new Map(listing.agencies.map((a) => [a.id, a.name[locale] || a.name.ko]));
  const byAgency = new Map<string, ToolSummary[]>();
  // Best matches first: an agency's group sits where its best tool ranks.
  for (const tool of searchTools(listing.tools, (agency) => names.get(agency) ?? '', query))
    byAgency.set(tool.agency, [...(byAgency.get(tool.agency) ?? []), tool]);
  const found = [...byAgency.entries()].map(([id, tools]) => ({ id, name: names.get(id) ?? id, tools }));
  return query.trim() === '' ? found.sort((a, b) => a.name.localeCompare(b.name, locale)) : found;
}

function ToolList({ listing, selected }: { listing: CatalogListing; selected: string | undefined }) {
  const { t, locale } = useLocale();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => groups(listing, locale, deferred), [listing, locale, deferred]);
  const count = shown.reduce((sum, g) => sum + g.tools.length, 0);
  return (
    <nav className="catalog-list" aria-label={t('catalog.listLabel')}>
      <label className="search">
        <Search size={16} aria-hidden="true" />
        <span className="sr-only">{t('catalog.search')}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('catalog.search')} data-testid="catalog-search" />
      </label>
      <p className="muted" aria-live="polite">
        {t('catalog.shown', { n: count, total: listing.tools.length })}
      </p>
      {shown.map((group) => (
        <section key={group.id} className="agency-group" aria-label={group.name}>
          <h3>
            {group.name} <span className="muted">{group.id}</span>
          </h3>
          <ul>
            {group.tools.map((tool) => (
              <li key={tool.id}>
                <Link
                  href={viewLink('catalog', tool.id)}
                  className={`tool-link${tool.id === selected ? ' active' : ''}`}
                  aria-current={tool.id === selected ? 'page' : undefined}
                  data-testid="catalog-tool"
                >
                  <span>{tool.name[locale] || tool.name.ko}</span>
                  <code className="muted">{tool.id}</code>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {count === 0 && <p className="empty-line">{t('catalog.noMatch')}</p>}
    </nav>
  );
}

export function CatalogView({ toolId }: { toolId?: string }) {
  const { t } = useLocale();
  const listing = useEngineQuery('catalog.list', {});
  return (
    <div className="view">
      <header className="view-head">
        <h2>
          <Boxes size={20} aria-hidden="true" /> {t('nav.catalog')}
        </h2>
      </header>
      <QueryStatus query={listing} rows={8} />
      {listing.data && (
        <div className="catalog-layout">
          <ToolList listing={listing.data} selected={toolId} />
          {toolId ? (
            <ToolPage key={toolId} toolId={toolId} />
          ) : (
            <section className="card" data-testid="catalog-intro">
              <h3>{t('catalog.introTitle', { tools: listing.data.tools.length, agencies: listing.data.agencies.filter((a) => a.id !== 'local').length })}</h3>
              <p>{t('catalog.intro')}</p>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
