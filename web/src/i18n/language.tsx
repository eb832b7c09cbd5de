/**
 * The interface language (platform-core §9): kept in localStorage under `omega_language`
 * ('en' or 'zh'); English unless the browser is zh-CN. When the system runs without
 * internationalization the console is Chinese only (`forced`).
 */
import { LANGUAGE_STORAGE_KEY, type Language } from '@eem/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type { Language };

export interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
  /** False when the language is fixed (internationalization off). */
  switchable: boolean;
  /** Fixes the language (Chinese when internationalization is off) or frees it (undefined). */
  setForced(language: Language | undefined): void;
}

/** What the browser asks for: Chinese only for zh-CN. */
export function browserLanguage(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  const first = languages[0] ?? globalThis.navigator?.language ?? '';
  return first.toLowerCase() === 'zh-cn' ? 'zh' : 'en';
}

export function readStoredLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): Language | null {
  const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return value === 'zh' || value === 'en' ? value : null;
}

export function initialLanguage(): Language {
  return readStoredLanguage() ?? browserLanguage();
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The language of code outside React (the SDK's Accept-Language getter). */
let currentLanguage: Language = 'en';
export function getCurrentLanguage(): Language {
  return currentLanguage;
}

const LanguageContext = createContext<LanguageState>({
  language: 'en',
  setLanguage: () => undefined,
  switchable: true,
  setForced: () => undefined,
});

export function LanguageProvider({
  children,
  initial,
  forced,
}: {
  children: ReactNode;
  initial?: Language;
  /** Fixes the language (e.g. 'zh' when internationalization is off). */
  forced?: Language | undefined;
}) {
  const [chosen, setChosen] = useState<Language>(() => initial ?? initialLanguage());
  const [forcedState, setForced] = useState<Language | undefined>(forced);
  const fixed = forced ?? forcedState;
  const language = fixed ?? chosen;
  currentLanguage = language;
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    setChosen(next);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  }, []);
  const value = useMemo(
    () => ({ language, setLanguage, switchable: fixed === undefined, setForced }),
    [language, setLanguage, fixed],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}
