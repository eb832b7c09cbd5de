#!/usr/bin/env node
// A stand-in browser for `eem login --sso` tests (BROWSER=<this file>): opens the authorize
// page, signs in with the account in EEM_TEST_ACCOUNT and follows the redirect to the
// loopback address, like a person in a real browser.
import { playBrowser } from './play-browser.mjs';

await playBrowser(
  process.argv[2],
  process.env.EEM_TEST_ACCOUNT ?? 'operator-sh',
  process.env.EEM_TEST_PASSWORD ?? 'Eem@2026demo',
);
