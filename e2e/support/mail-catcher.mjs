// The journeys' mailbox: a real SMTP server (the smtp-server package) the e2e app sends to, and a
// small HTTP view of what arrived, for journeys that must read an e-mail (a one-time code, a link).
//   node e2e/support/mail-catcher.mjs <smtpPort> <httpPort>
// GET /messages -> [{ to: [...], subject, text }], newest last; GET /health -> 200.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const messages = [];

/** Quoted-printable soft breaks joined and =XX bytes read as UTF-8. */
function decode(raw) {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const text = decode(Buffer.concat(chunks).toString('latin1'));
      const subject = /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '';
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/messages') res.end(JSON.stringify(messages));
  else res.end('{"status":"ok"}');
}).listen(httpPort, '127.0.0.1');

const stop = () => smtp.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Playwright stops it at the end of a run; if the run itself is killed, it must not outlive it and
// hold the ports the next run needs.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1_000).unref();
