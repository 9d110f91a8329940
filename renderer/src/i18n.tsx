// UI text in Korean (the default) and English. ko.json defines the keys; en.json must have exactly the same.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import ko from '../../resources/strings/ko.json';
import en from '../../resources/strings/en.json';

export type Locale = 'ko' | 'en';
export type StringKey = keyof typeof ko;

const catalogs: Record<Locale, Record<StringKey, string>> = { ko, en };
const STORAGE_KEY = 'kopa.locale';

export function translate(locale: Locale, key: StringKey, vars: Record<string, string | number> = {}): string {
  return catalogs[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: (key: StringKey, vars?: Record<string, string | number>) => string;
}

const LocaleContext = createContext<LocaleState | null>(null);

function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved === 'en' || saved === 'ko' ? saved : 'ko';
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(STORAGE_KEY, next);
    document.documentElement.lang = next;
    setLocaleState(next);
  }, []);
  const value = useMemo<LocaleState>(() => ({ locale, setLocale, t: (key, vars) => translate(locale, key, vars) }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}
