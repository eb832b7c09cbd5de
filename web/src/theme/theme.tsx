/**
 * Light and dark themes (platform-core §9: dark by default), through Semi UI's theme mode:
 * `theme-mode="dark"` on <body>. The choice is kept in localStorage.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'eem_theme';
export const DEFAULT_THEME: ThemeMode = 'dark';

export interface ThemeState {
  theme: ThemeMode;
  setTheme(theme: ThemeMode): void;
  toggleTheme(): void;
}

export function readStoredTheme(): ThemeMode {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Applies a theme to the document (Semi reads `theme-mode` on body). */
export function applyTheme(theme: ThemeMode): void {
  if (theme === 'dark') document.body.setAttribute('theme-mode', 'dark');
  else document.body.removeAttribute('theme-mode');
  document.documentElement.style.colorScheme = theme;
}

const ThemeContext = createContext<ThemeState>({
  theme: DEFAULT_THEME,
  setTheme: () => undefined,
  toggleTheme: () => undefined,
});

export function ThemeProvider({ children, initial }: { children: ReactNode; initial?: ThemeMode }) {
  const [theme, setThemeState] = useState<ThemeMode>(() => initial ?? readStoredTheme());
  useLayoutEffect(() => applyTheme(theme), [theme]);
  const setTheme = useCallback((next: ThemeMode) => {
    setThemeState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage unavailable
    }
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme, setTheme]);
  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}
