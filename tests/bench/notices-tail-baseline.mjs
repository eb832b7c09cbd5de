// The baseline of the notices-tail benchmark: a plain WebSocket client (the `ws` package) on the
// notice channel that writes each notice as one JSON line to stdout, like `eem notices tail
// --json`. Usage: node notices-tail-baseline.mjs WS_URL (token in TOKEN). Says "ready" on stderr.
import WebSocket from 'ws';

const ws = new WebSocket(process.argv[2]);
ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: process.env.TOKEN })));
ws.on('message', (data) => {
  const message = JSON.parse(String(data));
  if (message.type === 'ready') process.stderr.write('ready\n');
  else if (message.type === 'notice') process.stdout.write(`${JSON.stringify(message.notice)}\n`);
});
ws.on('close', () => process.exit(0));
process.on('SIGINT', () => process.exit(130));
