/**
 * The one rule for offering a way to another screen (menu items, buttons, links): the screen
 * exists in this console (SCREENS) and the route guard would let the user in (mayOpenRoute).
 * Whatever fails it is not shown, so nothing the console offers ends on /noPermission or on a
 * screen that is not built.
 */
import { mayOpenRoute } from '@eem/core';
import { useCallback } from 'react';
import { SCREEN_PATHS } from './routes';
import { useSession } from './session';

/** The route part of an address (`/repairorder?code=R1` → `/repairorder`). */
export function routeOf(href: string): string {
  return href.split(/[?#]/)[0] ?? href;
}

export function mayOpenScreen(href: string, permissions: ReadonlySet<string>): boolean {
  const path = routeOf(href);
  return SCREEN_PATHS.has(path) && mayOpenRoute(path, permissions);
}

/** mayOpenScreen for the signed-in user. */
export function useMayOpen(): (href: string) => boolean {
  const { permissions } = useSession();
  return useCallback((href: string) => mayOpenScreen(href, permissions), [permissions]);
}
