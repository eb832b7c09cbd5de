/**
 * The OS keychain through @napi-rs/keyring (ADR 0005): macOS Keychain, Windows Credential
 * Manager, the Secret Service or the kernel keyring on Linux. Every call gives up after 3 s,
 * so a locked or missing keychain never hangs a command.
 */

export const KEYCHAIN_SERVICE = 'eem';
export const KEYCHAIN_TIMEOUT_MS = 3_000;

export interface Keychain {
  get(account: string, signal: AbortSignal): Promise<string | null>;
  set(account: string, secret: string, signal: AbortSignal): Promise<void>;
  delete(account: string, signal: AbortSignal): Promise<boolean>;
}

export class KeychainTimeoutError extends Error {
  override name = 'KeychainTimeoutError';
  constructor(what: string, ms: number) {
    super(`the OS keychain did not answer ${what} within ${ms / 1000} s`);
  }
}

/** Runs a keychain call, abandoning it (and aborting its signal) after `ms`. */
export async function withKeychainTimeout<T>(
  what: string,
  call: (signal: AbortSignal) => Promise<T>,
  ms: number = KEYCHAIN_TIMEOUT_MS,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new KeychainTimeoutError(what, ms));
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The real keychain; the native module is loaded here, on first use. */
export async function loadOsKeychain(): Promise<Keychain> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  const entry = (account: string) => new AsyncEntry(KEYCHAIN_SERVICE, account);
  return {
    get: (account, signal) => entry(account).getPassword(signal),
    set: (account, secret, signal) => entry(account).setPassword(secret, signal),
    delete: (account, signal) => entry(account).deleteCredential(signal),
  };
}
