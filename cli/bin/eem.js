#!/usr/bin/env node
// The `eem` launcher. It lives outside dist/ so that `npm install` links `eem` even before the
// first build; the program itself is cli/dist/main.js (built from cli/src/main.ts).
import('../dist/main.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write(
      `eem is not built yet (${error.message.split('\n')[0]}).\nRun \`npm run build\` at the repository root first.\n`,
    );
    process.exit(1);
  }
  throw error;
});
