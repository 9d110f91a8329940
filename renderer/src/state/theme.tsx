// Light and dark themes: the OS's choice unless the user picks one (remembered).
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const STORAGE_KEY = 'kopa.theme';
const query = '(prefers-color-scheme: dark)';

const ThemeContext = createContext<{ choice: ThemeChoice; applied: 'light' | 'dark'; setChoice: (choice: ThemeChoice) => void } | null>(null);

function saved(): ThemeChoice {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(saved);
  const [systemDark, setSystemDark] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const media = matchMedia(query);
    const onChange = (): void => setSystemDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  const applied = choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
  useEffect(() => {
    document.documentElement.dataset.theme = applied;
  }, [applied]);
  const value = useMemo(
    () => ({
      choice,
      applied,
      setChoice: (next: ThemeChoice) => {
        localStorage.setItem(STORAGE_KEY, next);
        setChoiceState(next);
      },
    }),
    [choice, applied],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme outside ThemeProvider');
  return value;
}
