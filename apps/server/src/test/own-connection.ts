import http from 'node:http';
import type { App } from '../app.js';
import type { TestClient } from './client.js';
import { TEST_ORIGIN } from './test-app.js';

/** A JSON answer: an error's code and message, or whatever the route sent. */
export interface Answer {
  status: number;
  body: { error?: { code: string; message: string }; [key: string]: unknown } | null;
}

/**
 * The app listening on a loopback port (once per app), for tests whose requests must really arrive
 * side by side, as separate clients' would: app.inject never opens a socket.
 */
const bases = new WeakMap<App, Promise<string>>();
export function listening(app: App): Promise<string> {
  let base = bases.get(app);
  if (!base) {
    base = app.listen({ port: 0, host: '127.0.0.1' });
    bases.set(app, base);
  }
  return base;
}

/**
 * A JSON POST as `client` (its session cookie, the trusted Origin) over a TCP connection of its own
 * (no keep-alive agent shares it), answered with its status and JSON body.
 */
export function postOnOwnConnection(
  base: string,
  client: TestClient,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  const cookie = client.cookieHeader();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          origin: TEST_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
