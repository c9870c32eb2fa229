import type { Config } from '../../config.js';

/**
 * Origins allowed to send cookie-bearing auth requests and to be sent reset links: PUBLIC_URL only.
 * `npm run dev` (config.development) adds this port on loopback and the Vite dev server; never in
 * production, where a reset link pointed at localhost would hand its token to whatever listens there.
 */
export function trustedOrigins(config: Config): string[] {
  if (!config.development) return [config.publicUrl];
  return [
    config.publicUrl,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ];
}
