/** The exit codes of every `eem` command (conventions.md); `eem help exit-codes` prints them. */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  /** Started, but whether it ended well is not known (following a task lost the server). */
  unknown: 3,
  auth: 4,
  /** Ctrl-C (SIGINT): 128 + 2. */
  interrupted: 130,
  /** The terminal closed (SIGHUP): 128 + 1. */
  hangup: 129,
  /** Asked to end (SIGTERM, as by kill or a supervisor): 128 + 15. */
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The signals that end eem; each cleans up (a partial file, a terminal) and exits 128 + n. */
export type EndingSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

export const ENDING_SIGNALS: readonly EndingSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export function signalExitCode(signal: EndingSignal): ExitCode {
  return signal === 'SIGINT' ? EXIT.interrupted : signal === 'SIGHUP' ? EXIT.hangup : EXIT.terminated;
}

export const EXIT_CODE_TOPIC = `Exit codes of eem

  0    success
  1    error: the server refused the request (its message is shown), the network failed
       (what failed and where is shown), or a local file or keychain could not be used
  2    usage: unknown command or flag, a bad flag value, or a value that is missing and
       cannot be prompted for because there is no terminal (the message names the flag)
  3    unknown outcome: eem started something (an import) and lost the server while
       following it, so it cannot say whether it succeeded; follow it again with the
       command eem prints (\`eem tasks watch ID\`)
  4    not signed in, or the session expired: run \`eem login\` (for the profile in use);
       also when EEM_SERVER names a server the profile is not signed in to (no EEM_TOKEN)
  129  ended by SIGHUP (the terminal closed)
  130  interrupted (Ctrl-C, SIGINT)
  143  ended by SIGTERM (kill, a supervisor)
       On any of these eem first cleans up: an export removes its FILE.partial, a
       followed task keeps running on the server (\`eem tasks watch ID\`).

Scripts can rely on these codes; messages go to stderr, data to stdout.
`;
