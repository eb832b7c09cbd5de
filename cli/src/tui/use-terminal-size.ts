/**
 * The terminal's size, followed as it changes: the app's panes take the whole terminal and are
 * laid out again on every resize.
 */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read only reads stdout
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

/** The width of the project list: a third of the terminal, between 24 and 40 columns. */
export function projectPaneWidth(columns: number): number {
  return Math.max(24, Math.min(40, Math.floor(columns * 0.3)));
}
