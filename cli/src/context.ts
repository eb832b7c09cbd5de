/**
 * What a command runs with: the injected IO, the global flags, stderr messages, stdout
 * colour, and the settings and credential stores (opened on first use).
 */
import { CredentialStore } from './config/credential-store.js';
import { configDir } from './config/paths.js';
import { openProfileStore, type ProfileStore } from './config/profiles.js';
import type { IO } from './io.js';
import { animationAllowed, colourLevel, loadChalk, type Palette, palette } from './output/colour.js';
import { type OutputFlags, type OutputFormat, resolveFormat } from './output/format.js';
import { type Listing, render } from './output/render.js';
import { Reporter } from './output/reporter.js';
import { loadTextWidth } from './output/text-width.js';

export interface GlobalFlags {
  /** --profile: this call only. */
  profile?: string | undefined;
  /** --project: this call only. */
  project?: string | undefined;
  /** false with --no-color. */
  color: boolean;
  /** --debug (or EEM_DEBUG=1): stack traces on errors. */
  debug: boolean;
}

/** Something the error handler runs when the session turns out to have expired. */
export type ExpiryHandler = () => Promise<void>;

export interface Context {
  io: IO;
  flags: GlobalFlags;
  reporter: Reporter;
  /** Colour for what goes to stdout. */
  stdoutPalette: Palette;
  /** Colour for what goes to stderr. */
  stderrPalette: Palette;
  /** Spinners and live redraws are allowed on stderr. */
  animate: boolean;
  /** stdin and stderr are terminals: eem may ask. */
  canPrompt: boolean;
  profiles(): Promise<ProfileStore>;
  credentials: CredentialStore;
  /** Writes a listing to stdout in the format the flags (or the terminal) ask for. */
  print<R>(listing: Listing<R>, flags: OutputFlags): Promise<OutputFormat>;
  /** Set by the session service: forget a token the server no longer accepts. */
  onSessionExpired?: ExpiryHandler | undefined;
  /** Set by the session service: where the token came from, and the server it goes to. */
  tokenSource?: 'keychain' | 'file' | 'env' | undefined;
  server?: string | undefined;
}

/** The columns a table may take: the terminal's width, else COLUMNS, else no limit (a pipe). */
function tableWidth(io: IO): number | undefined {
  if (io.isTTY.stdout && io.stdout.columns) return io.stdout.columns;
  const columns = Number(io.env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

/** The context, once chalk is loaded if stdout or stderr is coloured (createContext needs it then). */
export async function openContext(io: IO, flags: GlobalFlags): Promise<Context> {
  const coloured = [io.isTTY.stdout, io.isTTY.stderr].some(
    (isTTY) => colourLevel({ isTTY, env: io.env, flag: flags.color }) > 0,
  );
  if (coloured) await loadChalk();
  return createContext(io, flags);
}

export function createContext(io: IO, flags: GlobalFlags): Context {
  const debug = flags.debug || io.env.EEM_DEBUG === '1';
  const stdoutPalette = palette(colourLevel({ isTTY: io.isTTY.stdout, env: io.env, flag: flags.color }));
  const stderrLevel = colourLevel({ isTTY: io.isTTY.stderr, env: io.env, flag: flags.color });
  const stderrPalette = palette(stderrLevel);
  const fancy = io.isTTY.stderr && io.env.TERM !== 'dumb';
  let store: ProfileStore | undefined;
  return {
    io,
    flags: { ...flags, debug },
    reporter: new Reporter(io.stderr, stderrPalette, fancy),
    stdoutPalette,
    stderrPalette,
    animate: animationAllowed(io.isTTY.stderr, io.env),
    canPrompt: io.isTTY.stdin && io.isTTY.stderr,
    async profiles() {
      store ??= openProfileStore(configDir(io.env));
      return store;
    },
    credentials: new CredentialStore(io),
    async print(listing, outputFlags) {
      const format = resolveFormat(outputFlags, io.isTTY.stdout);
      // Display widths are measured only for a table (string-width takes tens of ms to load).
      if (format === 'table') await loadTextWidth();
      // Times in a table are the project's (asked of the server only for a table with times).
      const showsTime = format === 'table' && listing.rows.length > 0 && listing.columns.some((c) => c.time);
      const timeZone = showsTime ? await listing.timeZone?.() : undefined;
      io.stdout.write(
        render(listing, format, stdoutPalette, { width: tableWidth(io), wide: outputFlags.wide, timeZone }),
      );
      return format;
    },
  };
}
