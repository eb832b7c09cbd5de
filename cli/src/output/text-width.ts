/**
 * Display width of text in a terminal (East Asian wide characters count two, ANSI codes and
 * combining marks none) by string-width, and cutting text to a width with an ellipsis by
 * cli-truncate (which keeps colour codes whole): the measures Ink draws with too.
 */
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';

export function textWidth(text: string): number {
  return stringWidth(text);
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
    const cut = cliTruncate(text, room);
    if (textWidth(cut) <= width || room === 1) return cut;
  }
}
