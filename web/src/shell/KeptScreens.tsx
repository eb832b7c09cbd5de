/**
 * The shell's outlet, keeping screens alive (platform-core §2.2: every route is kept alive unless
 * noted). A visited screen of a keep-alive route stays mounted but hidden under React's
 * `<Activity>` when the user goes elsewhere: its state (filters, selections, a half-filled form)
 * is intact when the user comes back, while its effects (polls, channels) are stopped until then.
 * Routes marked `keepAlive: false` in `@eem/core` (/eventCallPoliceConfig, /dataRecalculation)
 * start afresh every time. Kept screens belong to one `scope` (the user and the project):
 * another scope starts afresh. At most MAX_KEPT screens are kept; the least recently shown goes.
 */
import { findRoute } from '@eem/core';
import { Activity, type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';

export const MAX_KEPT = 8;

interface Kept {
  scope: string;
  /** Kept screens by path, least recently shown first. */
  screens: Map<string, ReactNode>;
}

export function KeptScreens({ scope }: { scope: string }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const kept = useRef<Kept>({ scope, screens: new Map() });
  if (kept.current.scope !== scope) kept.current = { scope, screens: new Map() };
  const { screens } = kept.current;
  const keep = findRoute(pathname)?.keepAlive ?? false;
  // The shown screen becomes the most recent; its element is the outlet of this render.
  screens.delete(pathname);
  if (keep) {
    screens.set(pathname, outlet);
    for (const path of screens.keys()) {
      if (screens.size <= MAX_KEPT) break;
      screens.delete(path);
    }
  }
  return (
    <>
      {[...screens].map(([path, element]) => (
        <Activity key={path} mode={path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {keep ? null : outlet}
    </>
  );
}
