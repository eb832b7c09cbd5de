/**
 * What a person reads on a screen, checked for texts that are not ours to show (issue 12, items
 * 7 and 10): an untranslated text key, a code or a field path, `undefined`/`NaN`/`[object
 * Object]`, or one of the console's own texts in the other language. The console's texts are
 * read from its text tables (web/src/**\/texts.ts, `defineTexts`) and core's label pairs
 * (`[zh, en]`); what the server sent as data (names of nodes, projects, users…) is allowed in
 * any language and any shape, so the allow-list comes from the data the screen was given, not
 * from a list of screens.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server.js';

export type Language = 'zh' | 'en';

/** Suspicious tokens in a text (each with what it is). */
const TOKEN_RULES: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a field path', pattern: /\b(?:body|query|params|headers|result)(?:\.[\w[\]]+)+/g },
  { what: 'a text key', pattern: /\b[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z][a-zA-Z0-9]*)+\b/g },
  { what: 'a snake_case code', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g },
  { what: 'a SCREAMING_CASE code', pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g },
  { what: 'a camelCase identifier', pattern: /\b[a-z]+[A-Z][a-zA-Z0-9]*\b/g },
  { what: 'a missing value', pattern: /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|\bInvalid Date\b/g },
];

const CJK = /[\u3400-\u9fff]/;

/** The suspicious tokens of a text (shared by the catalogue, the data and the screen). */
export function suspiciousTokens(text: string): { what: string; token: string }[] {
  const found: { what: string; token: string }[] = [];
  const taken = new Set<string>();
  for (const { what, pattern } of TOKEN_RULES) {
    for (const match of text.matchAll(pattern)) {
      const token = match[0];
      // 'body.name' is a field path, not also a text key.
      if ([...taken].some((t) => t.includes(token))) continue;
      taken.add(token);
      found.push({ what, token });
    }
  }
  return found;
}

/** A text of one language, matched whole: its placeholders (`{name}`) stand for anything. */
class TextSet {
  private readonly exact = new Set<string>();
  private readonly templates: RegExp[] = [];

  add(text: string): void {
    const trimmed = text.trim();
    if (!/\p{L}{2}/u.test(trimmed)) return;
    if (!/\{\w+\}/.test(trimmed)) {
      this.exact.add(trimmed);
      return;
    }
    // A template is only worth matching with two letters outside its placeholders.
    if (!/\p{L}{2}/u.test(trimmed.replace(/\{\w+\}/g, ''))) return;
    const source = trimmed
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    this.templates.push(new RegExp(`^${source}$`));
  }

  has(text: string): boolean {
    return this.exact.has(text) || this.templates.some((t) => t.test(text));
  }
}

export interface Catalogue {
  /** The keys of every text table. */
  keys: Set<string>;
  /** The texts of a language that differ from the other language's text of the same key. */
  only: Record<Language, TextSet>;
  /** The texts one table gives alike in both languages ('App', 'kWh'): right in either. */
  same: TextSet;
  /** Suspicious tokens our own texts use on purpose (units such as kWh, …). */
  tokens: Set<string>;
}

function textModules(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...textModules(path));
    else if (entry.name === 'texts.ts') files.push(path);
  }
  return files;
}

type Pair = readonly [zh: string, en: string];

/** `[zh, en]` label pairs and `{ zh, en }` texts anywhere in a value (a few levels deep). */
function pairsIn(value: unknown, depth: number, out: Pair[], seen: Set<unknown>): void {
  if (depth < 0 || value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    const [zh, en] = value as unknown[];
    if (value.length === 2 && typeof zh === 'string' && typeof en === 'string' && CJK.test(zh)) {
      out.push([zh, en]);
      return;
    }
  } else {
    const { zh, en } = value as { zh?: unknown; en?: unknown };
    if (typeof zh === 'string' && typeof en === 'string') out.push([zh, en]);
  }
  for (const inner of Object.values(value)) pairsIn(inner, depth - 1, out, seen);
}

/** The console's text tables and core's label pairs. */
export async function loadCatalogue(): Promise<Catalogue> {
  const keys = new Set<string>();
  const pairs: Pair[] = [];
  for (const file of textModules(join(REPO_ROOT, 'web/src'))) {
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const table of Object.values(mod)) {
      const { zh, en } = (table ?? {}) as { zh?: unknown; en?: unknown };
      if (typeof zh !== 'object' || typeof en !== 'object' || zh === null || en === null) continue;
      for (const [key, text] of Object.entries(zh as Record<string, string>)) {
        keys.add(key);
        pairs.push([text, (en as Record<string, string>)[key] ?? '']);
      }
    }
  }
  const core = await import('@eem/core');
  pairsIn(core, 4, pairs, new Set());
  const catalogue: Catalogue = {
    keys,
    only: { zh: new TextSet(), en: new TextSet() },
    same: new TextSet(),
    tokens: new Set(),
  };
  for (const [zh, en] of pairs) {
    for (const text of [zh, en])
      for (const { token } of suspiciousTokens(text.replace(/\{\w+\}/g, ' '))) catalogue.tokens.add(token);
    if (zh.trim() === en.trim()) {
      catalogue.same.add(zh);
      continue;
    }
    catalogue.only.zh.add(zh);
    catalogue.only.en.add(en);
  }
  return catalogue;
}

/**
 * Keys whose values the server sends as codes (shown through a label table, never as they
 * are): no data a person typed in.
 */
const CODE_KEYS =
  /^(?:type|status|kind|code|level|state|mode|category|key|field|path|op|action|operation|result|error|problems?)$|(?:Type|Status|Kind|Code|State|Mode|Key|Field)$/;
/**
 * Keys whose values are texts the server writes itself (in the reader's language). Not
 * `description`: most are typed by people (projects, work orders, roles; the demo's in
 * English), which the check cannot tell from the server's event descriptions.
 */
const SERVER_TEXT_KEYS = /^(?:message|text|detail|details|reason|summary|progress)$|(?:Message|Text)$/;

/**
 * Runs in the page (an init script): the strings of every JSON answer the console received,
 * gathered in `window.__eemData` (data: not under a code or server-text key) and
 * `window.__eemServerTexts` (under a server-text key); read and emptied by the scan.
 */
export function gatherData(keys: { codes: string; texts: string }): void {
  const codes = new RegExp(keys.codes);
  const texts = new RegExp(keys.texts);
  const w = window as unknown as { __eemData: Set<string>; __eemServerTexts: Set<string> };
  w.__eemData = new Set();
  w.__eemServerTexts = new Set();
  const walk = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null) return;
    if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (typeof value === 'object')
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (typeof inner !== 'string') walk(inner, depth + 1);
        else if (inner.length > 400 || codes.test(key)) continue;
        else if (texts.test(key)) w.__eemServerTexts.add(inner.trim());
        else w.__eemData.add(inner.trim());
      }
  };
  const fetched = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await fetched(...args);
    if (response.ok && response.headers.get('content-type')?.includes('json'))
      response
        .clone()
        .json()
        .then((body: unknown) => walk(body, 0))
        .catch(() => undefined);
    return response;
  };
}
export const DATA_KEYS = { codes: CODE_KEYS.source, texts: SERVER_TEXT_KEYS.source };

/**
 * Runs in the page: the texts a person reads on the screen shown (and over it): its visible
 * text line by line and cell by cell, the title/aria-label/placeholder of its visible
 * elements and its table headers; with the data strings gathered since the last call.
 */
export function readScreen(): { texts: string[]; data: string[]; serverTexts: string[] } {
  const texts = new Set<string>();
  const add = (text: string | null | undefined) => {
    for (const part of (text ?? '').split(/[\n\t]+/)) {
      const trimmed = part.trim();
      if (trimmed) texts.add(trimmed);
    }
  };
  add(document.body.innerText);
  add(document.title);
  for (const el of Array.from(document.querySelectorAll('[title], [aria-label], [placeholder], th'))) {
    if (el.getClientRects().length === 0) continue;
    add(el.getAttribute('title'));
    add(el.getAttribute('aria-label'));
    add(el.getAttribute('placeholder'));
    if (el.tagName === 'TH') add((el as HTMLElement).innerText);
  }
  const w = window as unknown as { __eemData?: Set<string>; __eemServerTexts?: Set<string> };
  const data = [...(w.__eemData ?? [])];
  const serverTexts = [...(w.__eemServerTexts ?? [])];
  w.__eemData?.clear();
  w.__eemServerTexts?.clear();
  return { texts: [...texts], data, serverTexts };
}

/** What the screens' data allowed so far (whole strings and their tokens). */
export class DataSeen {
  readonly strings = new Set<string>();
  readonly tokens = new Set<string>();
  /** Texts the server wrote (under a server-text key). */
  readonly serverTexts = new Set<string>();

  add({ data, serverTexts }: { data: readonly string[]; serverTexts: readonly string[] }): void {
    for (const text of serverTexts) this.serverTexts.add(text);
    for (const text of data) {
      if (this.strings.has(text)) continue;
      this.strings.add(text);
      for (const { token } of suspiciousTokens(text)) this.tokens.add(token);
    }
  }
}

/**
 * The misses among a screen's texts, one line each (`where: what "text"`): a text of the other
 * language's catalogue, an untranslated key, or a suspicious token that is neither ours on
 * purpose nor from the data.
 */
export function languageMisses(
  texts: readonly string[],
  language: Language,
  catalogue: Catalogue,
  data: DataSeen,
): { what: string; text: string }[] {
  const misses: { what: string; text: string }[] = [];
  const other: Language = language === 'zh' ? 'en' : 'zh';
  for (const text of texts) {
    if (data.strings.has(text)) continue;
    // A text the server wrote in English for a Chinese reader (two English words, no Chinese).
    if (
      language === 'zh' &&
      data.serverTexts.has(text) &&
      !CJK.test(text) &&
      /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/.test(text)
    ) {
      misses.push({ what: 'a server-written text in English', text });
      continue;
    }
    const ours = catalogue.only[language].has(text) || catalogue.same.has(text);
    if (catalogue.only[other].has(text) && !ours) {
      misses.push({ what: `a text of the ${other === 'en' ? 'English' : 'Chinese'} catalogue`, text });
      continue;
    }
    if (catalogue.keys.has(text) && !ours && /^[\w.]+$/.test(text)) {
      misses.push({ what: 'an untranslated text key', text });
      continue;
    }
    for (const { what, token } of suspiciousTokens(text)) {
      if (catalogue.tokens.has(token) || data.tokens.has(token)) continue;
      misses.push({ what: `${what} (${token})`, text });
    }
  }
  return misses;
}
