/** Messages for people, on stderr: notes, successes, warnings and errors. Never data. */
import type { OutputStream } from '../io.js';
import type { Palette } from './colour.js';

export class Reporter {
  constructor(
    private readonly stream: OutputStream,
    private readonly palette: Palette,
    /** A terminal: symbols and colour may be used. */
    private readonly fancy: boolean,
  ) {}

  private write(text: string): void {
    this.stream.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  note(message: string): void {
    this.write(message);
  }

  success(message: string): void {
    this.write(this.fancy ? `${this.palette.green('✓')} ${message}` : message);
  }

  warn(message: string): void {
    this.write(`${this.palette.yellow('warning:')} ${message}`);
  }

  error(message: string, hint?: string): void {
    this.write(`${this.palette.red('error:')} ${message}`);
    if (hint) this.write(hint);
  }

  /** Dims secondary text where colour is on. */
  dim(text: string): string {
    return this.palette.dim(text);
  }
}
