// A tool's name in the screen's language, from the catalog every view already reads (one cached query): where a
// screen lists tools, a person reads names; the id stays for whoever hovers or copies it.
import { useLocale } from '../i18n.tsx';
import { useEngineQuery } from './queries.ts';

/** The name of a tool id in the screen's language; the id itself until the catalog has answered, or for an unknown id. */
export function useToolNames(): (id: string) => string {
  const { locale } = useLocale();
  const catalog = useEngineQuery('catalog.list', {});
  return (id) => {
    const tool = catalog.data?.tools.find((x) => x.id === id);
    return tool ? tool.name[locale] || tool.name.ko : id;
  };
}
