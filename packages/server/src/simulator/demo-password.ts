/**
 * What `eem-server` says about the demo accounts' password at start. EEM_DEMO_PASSWORD counts
 * only at the first start (empty database), which records whether it was given
 * (DEMO_PASSWORD_SETTING); later starts tell the truth from that record, never print a custom
 * password, and warn when the variable is set again to no effect.
 */
import type { DemoWorld } from '../first-start.js';
import { DEMO_PASSWORD } from './seed.js';

export interface DemoPasswordNotice {
  /** What the banner names as the password of the demo accounts. */
  password: string;
  /** For stderr: EEM_DEMO_PASSWORD is set but changes nothing. */
  warning: string | undefined;
}

export const CUSTOM_DEMO_PASSWORD = 'the EEM_DEMO_PASSWORD given at the first start';

export function demoPasswordNotice(
  seed: DemoWorld['seed'],
  givenNow: string | undefined,
): DemoPasswordNotice {
  const password =
    seed.demoPassword === 'custom'
      ? CUSTOM_DEMO_PASSWORD
      : seed.demoPassword === 'default'
        ? DEMO_PASSWORD
        : `${DEMO_PASSWORD}, or ${CUSTOM_DEMO_PASSWORD} if one was`;
  const warning =
    givenNow && !seed.createdNow
      ? 'EEM_DEMO_PASSWORD is set but has no effect: the demo accounts were created at the first ' +
        'start and keep the password they got then.'
      : undefined;
  return { password, warning };
}
