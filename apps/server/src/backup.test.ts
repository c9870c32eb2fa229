import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newKey } from './test/client.js';
import { Member, ServerProcess } from './test/server-process.js';

/*
 * The operator's backup and restore (`npm run admin -- backup|restore <file>`), round trip on the
 * real process: back up, change the books, restore, and find the books as they were.
 */

let server: ServerProcess | null = null;
const files = mkdtempSync(path.join(tmpdir(), 'meridian-backups-'));
afterEach(async () => {
  await server?.dispose();
  server = null;
});

async function wallets(members: Member[]) {
  return Promise.all(members.map(async (m) => (await m.request('GET', '/api/wallet')).json()));
}

describe('backup and restore', () => {
  it('restores the books exactly as they were backed up, and refuses to restore under a running server', async () => {
    server = await new ServerProcess().prepare();
    await server.start();
    const [alice, bob] = [await Member.register(server, 'Backup Alice'), await Member.register(server, 'Backup Bob')];
    for (const m of [alice, bob]) {
      await server.admin('activate', m.email);
      await server.admin('adjust', m.email, '500.00', 'opening balance');
    }
    const transfer = () =>
      alice.request(
        'POST',
        '/api/transfers',
        { recipientEmail: bob.email, amountCents: 1_234 },
        { 'idempotency-key': newKey() },
      );
    expect((await transfer()).status).toBe(201);
    const atBackup = await wallets([alice, bob]);

    // Taken while the server runs: on PGlite the running server writes it, on PostgreSQL pg_dump does.
    const file = path.join(files, `books-${server.onPostgres ? 'postgres' : 'pglite'}.backup`);
    expect(await server.cli('backup', file)).toMatch(new RegExp(`^backup written to ${file} \\(\\d+ bytes\\)$`));
    expect(existsSync(file)).toBe(true);

    expect((await transfer()).status).toBe(201);
    await server.admin('adjust', bob.email, '-50.00', 'a change after the backup');
    expect(await wallets([alice, bob])).not.toEqual(atBackup);

    await expect(server.cli('restore', file)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('stop'),
    });

    await server.stop();
    expect(await server.cli('restore', file)).toBe(`restored ${file}`);
    await server.start();
    for (const m of [alice, bob]) await m.login();
    expect(await wallets([alice, bob])).toEqual(atBackup);
    const history = (await (await alice.request('GET', '/api/transactions')).json()) as { items: unknown[] };
    expect(history.items).toHaveLength(2); // the opening balance and one transfer, as at the backup
  }, 600_000);

  it('refuses to restore a file that is not a backup, and a backup without a file name', async () => {
    server = await new ServerProcess().prepare();
    const bogus = path.join(files, 'not-a-backup.txt');
    writeFileSync(bogus, 'hello');
    await expect(server.cli('restore', bogus)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a Meridian backup'),
    });
    await expect(server.cli('backup')).rejects.toMatchObject({ code: 2 });
  }, 300_000);
});

process.on('exit', () => rmSync(files, { recursive: true, force: true }));
