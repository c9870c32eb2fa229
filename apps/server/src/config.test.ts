import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/meridian-config-test' };

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SESSION_SECRET', 'short'],
    ['SUPPORT_CHAT_URL', 'nope'],
  ])('stops on a wrong %s, naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });
});
