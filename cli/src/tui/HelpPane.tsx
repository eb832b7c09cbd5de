/** Keyboard help, shown on `?`. */
import { Box, Text } from 'ink';

const KEYS: [string, string][] = [
  ['↑ ↓  k j', 'move in the project list'],
  ['g G', 'first / last project'],
  ['enter', 'switch to the project under the cursor'],
  ['tab', 'switch pane: projects, session, tasks (live progress), notices (live), events'],
  ['space a', 'events: select the event under the cursor / every unconfirmed one'],
  ['c s', 'events: confirm with a result (typed; enter sends) / simply'],
  ['r', 'reload user and projects from the server'],
  ['?', 'show or hide this help'],
  ['esc', 'close this help'],
  ['q', 'quit'],
];

export function HelpPane({ height }: { height: number }) {
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor="cyan"
      paddingX={1}
      minHeight={height}
      flexGrow={1}
      flexShrink={0}
    >
      <Text bold color="cyan">
        Keyboard
      </Text>
      {KEYS.map(([key, what]) => (
        <Box key={key}>
          <Box width={12}>
            <Text bold>{key}</Text>
          </Box>
          <Text>{what}</Text>
        </Box>
      ))}
      <Text> </Text>
      <Text dimColor>
        The project you switch to is stored in the profile; later eem commands send it as the projectId
        header.
      </Text>
    </Box>
  );
}
