/**
 * Ink draws only the last frame when it thinks it runs in CI (is-in-ci reads CI and
 * CONTINUOUS_INTEGRATION when Ink is first imported). Ink is only loaded on a terminal, where a
 * person watches: call this before importing it so every frame is drawn even with CI set.
 */
export function drawEveryFrame(env: NodeJS.ProcessEnv = process.env): void {
  for (const key of ['CI', 'CONTINUOUS_INTEGRATION']) if (key in env) env[key] = 'false';
}
