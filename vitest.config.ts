import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Generous: the machine is shared and noisy; a test waits for behaviour, never for a speed.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts', 'cli/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        // The web console's component tests: happy-dom, with the set-up that gives canvases a 2D context.
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
