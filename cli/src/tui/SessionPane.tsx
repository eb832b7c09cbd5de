/** The user and session pane: the signed-in user as the server knows them, and the token. */
import type { User } from '@eem/contract';
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { displayTime, relativeTime } from '../output/time.js';
import type { AppSession } from './app-model.js';
import { Pane } from './Pane.js';

export interface SessionPaneProps {
  user: User | undefined;
  session: AppSession;
  focused: boolean;
  height: number;
  now: number;
  /** The project's time zone, in which times are shown (undefined: none chosen, the machine's). */
  timeZone?: string | undefined;
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Box>
      <Box width={11} flexShrink={0}>
        <Text dimColor>{name}</Text>
      </Box>
      <Text wrap="truncate-end">{children}</Text>
    </Box>
  );
}

const USERTYPES: Record<number, string> = { 3: 'project user', 4: 'project administrator' };

export function SessionPane({ user, session, focused, height, now, timeZone }: SessionPaneProps) {
  const expiring = session.expiresAt !== null && session.expiresAt - now < 15 * 60_000;
  return (
    <Pane title="Session" focused={focused} height={height}>
      {user ? (
        <>
          <Field name="User">
            <Text bold>{user.name}</Text>
            <Text dimColor> (id {user.id})</Text>
          </Field>
          <Field name="Name">{user.nicName || '—'}</Field>
          <Field name="Usertype">
            {user.usertype}{' '}
            {USERTYPES[user.usertype] ? <Text dimColor>({USERTYPES[user.usertype]})</Text> : null}
            {user.root ? <Text color="yellow"> root</Text> : null}
          </Field>
          <Field name="Roles">{user.roles.map((r) => r.name).join(', ') || '—'}</Field>
          <Field name="Rights">{user.permissions.length} permission keys</Field>
        </>
      ) : (
        <Text dimColor>loading…</Text>
      )}
      <Field name="Server">{session.server}</Field>
      <Field name="Profile">{session.profile}</Field>
      <Field name="Token">
        {session.tokenStorage === 'file' ? `file ${session.tokenLocation}` : session.tokenLocation}
      </Field>
      <Field name="Expires">
        {session.expiresAt === null ? (
          'unknown'
        ) : (
          <Text color={expiring ? 'yellow' : undefined}>
            {displayTime(session.expiresAt, timeZone)} ({relativeTime(session.expiresAt, now)})
          </Text>
        )}
      </Field>
    </Pane>
  );
}
