/**
 * Display width of text in a terminal (East Asian wide characters count two, ANSI codes and
 * combining marks none) by string-width, and cutting text to a width with an ellipsis by
 * cli-truncate (which keeps colour codes whole): the measures Ink draws with too. Both are
 * loaded by `loadTextWidth()` when a table or the terminal app is drawn, not at start
 * (string-width alone takes tens of milliseconds to load).
 */

interface Measures {
  width: (text: string) => number;
  cut: (text: string, columns: number) => string;
}

let measures: Measures | undefined;

/** Loads the measures; call (and await) before the functions below. */
export async function loadTextWidth(): Promise<void> {
  if (measures) return;
  const [{ default: stringWidth }, { default: cliTruncate }] = await Promise.all([
    import('string-width'),
    import('cli-truncate'),
  ]);
  measures = { width: stringWidth, cut: (text, columns) => cliTruncate(text, columns) };
}

function loaded(): Measures {
  if (!measures) throw new Error('text widths are not loaded: await loadTextWidth() first');
  return measures;
}

export function textWidth(text: string): number {
  return loaded().width(text);
}

export function padEnd(text: string, width: number): string {
  const gap = width - textWidth(text);
  return gap > 0 ? text + ' '.repeat(gap) : text;
}

/** `text` cut to at most `width` columns, an ellipsis at the end where it was cut. */
export function truncate(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  // cli-truncate may end one column over when it cuts beside a wide character: ask again.
  for (let room = Math.max(1, width); ; room--) {
    const cut = loaded().cut(text, room);
    if (textWidth(cut) <= width || room === 1) return cut;
  }
}
