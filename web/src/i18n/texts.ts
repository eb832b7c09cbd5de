/**
 * Text tables: each feature keeps its own `texts.ts` made with `defineTexts`, with the same
 * keys in Chinese and English (the type checker refuses a key missing from one side), and
 * reads them with `useTexts(texts)` → `t(key, vars?)`. `{name}` in a text is replaced by
 * `vars.name`.
 */
import { useCallback } from 'react';
import { type Language, useLanguage } from './language';

export type TextTable<K extends string> = Readonly<Record<K, string>>;

export interface Texts<K extends string> {
  readonly zh: TextTable<K>;
  readonly en: TextTable<K>;
}

export type TextVars = Readonly<Record<string, string | number>>;

export type Translate<K extends string> = (key: K, vars?: TextVars) => string;

/** Declares a feature's texts; the keys of `en` must be exactly those of `zh`. */
export function defineTexts<K extends string>(texts: {
  zh: Record<K, string>;
  en: Record<NoInfer<K>, string>;
}): Texts<K> {
  return texts;
}

export function interpolate(text: string, vars?: TextVars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** The text of `key` in `language` (for code outside components). */
export function translate<K extends string>(
  texts: Texts<K>,
  language: Language,
  key: K,
  vars?: TextVars,
): string {
  return interpolate(texts[language][key] ?? texts.en[key] ?? key, vars);
}

/** `t(key, vars?)` in the current language. */
export function useTexts<K extends string>(texts: Texts<K>): Translate<K> {
  const { language } = useLanguage();
  return useCallback((key: K, vars?: TextVars) => translate(texts, language, key, vars), [texts, language]);
}
