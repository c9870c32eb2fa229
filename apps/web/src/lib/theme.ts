import { STORAGE_KEYS } from '@meridian/shared';
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Sets the `dark` class on <html> (index.html applies the saved theme before first paint). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as const);
  const toggleTheme = useCallback(() => {
    const next: Theme = readTheme() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Storage may be unavailable (private mode); the theme still applies for this visit.
    }
    applyTheme(next);
  }, []);
  return { theme, toggleTheme };
}

/** While no theme is saved, follow the system preference as it changes. */
export function followSystemTheme(): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = (event: MediaQueryListEvent) => {
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(STORAGE_KEYS.theme);
    } catch {
      saved = null;
    }
    if (saved === null) applyTheme(event.matches ? 'dark' : 'light');
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
