// A real SMTP server on 127.0.0.1 (the smtp-server package, as the server's tests use) that counts
// what it is handed per recipient, so a benchmark can tell a message delivered twice from one lost.
import { SMTPServer } from 'smtp-server';

/** Starts the sink; `deliveries(address)` is how many messages reached that recipient. */
export async function startSmtpSink() {
  const byRecipient = new Map();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {}); // the body is not needed, only that it arrived whole
      stream.on('end', () => {
        messages++;
        for (const { address } of session.envelope.rcptTo) {
          const key = address.toLowerCase();
          byRecipient.set(key, (byRecipient.get(key) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    get messages() {
      return messages;
    },
    deliveries: (address) => byRecipient.get(address.toLowerCase()) ?? 0,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
