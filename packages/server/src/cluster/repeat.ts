/** A singleton that runs `job` at once and then every `everyMs`, one run at a time. */
import type { StartSingleton } from './singletons.js';

export function repeat(
  name: string,
  everyMs: number,
  job: () => Promise<void>,
  log: (message: string) => void,
): StartSingleton {
  return () => {
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      timer = undefined;
      if (stopped) return;
      running = job()
        .catch((error: unknown) => {
          if (!stopped) log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          if (stopped) return;
          timer = setTimeout(run, everyMs);
          timer.unref();
        });
    };
    run();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    };
  };
}
