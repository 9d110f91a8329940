import { Link, useLocation } from 'wouter';
import { useLocale } from '../i18n.tsx';
import { VIEWS, viewAt } from './views.tsx';

export function NavRail() {
  const { t } = useLocale();
  const [location] = useLocation();
  const current = viewAt(location);
  return (
    <nav className="rail" aria-label={t('nav.label')}>
      <div className="rail-brand" aria-hidden="true">
        KOPA
      </div>
      <ul>
        {VIEWS.map((view) => {
          const Icon = view.icon;
          return (
            <li key={view.id}>
              <Link href={view.path} className="rail-link" aria-current={view.id === current.id ? 'page' : undefined} data-testid={`nav-${view.id}`}>
                <Icon size={20} aria-hidden="true" />
                <span>{t(view.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
