/** Display width of text in a terminal: East Asian wide characters count two, ANSI codes none. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the ANSI escape character is the point
const ANSI = /\u001b\[[0-9;]*m/g;
const COMBINING = /\p{Mn}|\p{Me}|\u200b|\u200d/u;

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of stripAnsi(text)) {
    if (COMBINING.test(char)) continue;
    const code = char.codePointAt(0) ?? 0;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

export function padEnd(text: string, width: number): string {
  const gap = width - textWidth(text);
  return gap > 0 ? text + ' '.repeat(gap) : text;
}
