// What going live will do, said before the analyst confirms it: calls go to the agencies, and an API whose key is
// missing will fail rather than answer (the keys the catalog's agencies need, minus the on-prem inference server's),
// and where a key goes: Settings on the desktop, the engine's environment where there is no vault (browser mode).
import { useEngineQuery } from './queries.ts';
import { useLocale } from '../i18n.tsx';

export function useLiveWarning(text: string): string {
  const { t, locale } = useLocale();
  const keys = useEngineQuery('keys.status', {});
  const missing = (keys.data?.keys ?? []).filter((k) => k.source === null && k.portal.hosts.length > 0);
  if (missing.length === 0) return text;
  const names = missing.map((k) => k.portal.name[locale]).join(', ');
  // Without a vault (browser mode), Settings cannot keep a key: it goes in the engine's environment.
  if (keys.data?.vault.available === false)
    return `${text} ${t('live.missingKeysEnvironment', { keys: names, vars: missing.map((k) => k.envVar).join(', ') })}`;
  return `${text} ${t('live.missingKeys', { keys: names })}`;
}
