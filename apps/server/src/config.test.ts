import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/meridian-config-test' };

describe('loadConfig', () => {
  it('reads the security deposit as a percentage (0 hides the notice) and S3 only when whole', () => {
    expect(loadConfig({ ...base, SECURITY_DEPOSIT_PERCENT: '0' }).initialSettings.securityDepositBps).toBe(0);
    expect(loadConfig({ ...base, SECURITY_DEPOSIT_PERCENT: '12.5' }).initialSettings.securityDepositBps).toBe(1_250);
    expect(() => loadConfig({ ...base, SECURITY_DEPOSIT_PERCENT: '101' })).toThrow(/SECURITY_DEPOSIT_PERCENT/);
    expect(loadConfig(base).s3).toBeUndefined();
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'receipts', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' };
    expect(loadConfig({ ...base, ...s3 }).s3).toMatchObject({ bucket: 'receipts', region: 'us-east-1' });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'receipts' })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY/);
    expect(loadConfig({ ...base, OPERATOR_EMAIL: 'Ops@Example.com' }).initialSettings.operatorEmail).toBe(
      'ops@example.com',
    );
  });

  it('turns the settings variables into the initial settings, the specification constants for the rest', () => {
    const { initialSettings } = loadConfig({
      ...base,
      ADMIN_EMAIL: 'Boss@Example.com',
      SUPPORT_EMAIL: 'help@example.com',
      AUTO_ACTIVATE_AFTER_HOURS: '24',
    });
    expect(initialSettings).toEqual({
      transferFeeBps: 200,
      referralBonusCents: 5_000,
      securityDepositBps: 1_000,
      minDepositCents: 10_000,
      minWithdrawalCents: 10_000,
      supportEmail: 'help@example.com',
      supportChatUrl: 'https://t.me/meridian_support',
      operatorEmail: 'boss@example.com',
      autoActivateAfterHours: 24,
      consoleIdleMinutes: 30,
      fourEyesThresholdCents: 1_000_000,
    });
    expect(loadConfig(base).initialSettings.autoActivateAfterHours).toBeNull();
    expect(() => loadConfig({ ...base, AUTO_ACTIVATE_AFTER_HOURS: '1.5' })).toThrow(/AUTO_ACTIVATE_AFTER_HOURS/);
  });

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

  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig({ ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy).toEqual(
      expected,
    );
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.local', '-1'])(
    'refuses TRUST_PROXY=%s, saying what to use',
    (value) => {
      const load = () => loadConfig({ ...base, TRUST_PROXY: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow('TRUST_PROXY');
      expect(load).toThrow(/number of proxies.*list of proxy addresses/);
    },
  );

  it('is in development only when NODE_ENV=development', () => {
    expect(loadConfig(base).development).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).development).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).development).toBe(true);
  });
});
