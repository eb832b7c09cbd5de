/** Where eem keeps its settings and file tokens: the XDG config directory. */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Env } from '../io.js';

/** `$XDG_CONFIG_HOME/eem`, else `$HOME/.config/eem`. */
export function configDir(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'eem');
  const home = env.HOME || homedir();
  return join(home, '.config', 'eem');
}

/** The settings file written by conf. */
export function settingsPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

/** The 0600 token file of a profile, used when no keychain is available (or asked for). */
export function tokenFilePath(env: Env, profile: string): string {
  return join(configDir(env), 'tokens', `${profile}.token`);
}
