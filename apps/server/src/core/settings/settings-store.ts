import type { Settings } from '@meridian/shared';
import type { Db, Listen } from '../../db/client.js';
import { adoptEnvironmentSettings, readSettings, SETTINGS_CHANNEL } from './settings.queries.js';

/**
 * The settings as this node knows them: read once at start, and again whenever any node saves them
 * (a NOTIFY on SETTINGS_CHANNEL, sent when that save commits) or this node's LISTEN connection comes
 * back after a gap. Requests read `current()` without a round trip to the database, so the transfer's
 * hot path pays nothing for its fee being a setting.
 */
export class SettingsStore {
  private snapshot: Settings;
  private reading: Promise<Settings> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | undefined;

  private constructor(
    private readonly db: Db,
    first: Settings,
  ) {
    this.snapshot = first;
  }

  /** Adopts the environment's initial values (until an operator saved the settings), reads, listens. */
  static async open(db: Db, initial: Settings, listen?: Listen): Promise<SettingsStore> {
    await adoptEnvironmentSettings(db, initial);
    const store = new SettingsStore(db, await readSettings(db));
    if (listen) {
      store.unlisten = await listen(
        SETTINGS_CHANNEL,
        () => void store.refresh().catch(() => {}),
        () => void store.refresh().catch(() => {}),
      );
    }
    return store;
  }

  current(): Settings {
    return this.snapshot;
  }

  /**
   * Reads the settings again. Calls while a read is under way wait for one more read after it, so a
   * save that committed during the first read is never missed.
   */
  refresh(): Promise<Settings> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          this.snapshot = await readSettings(this.db);
        } while (this.again);
        return this.snapshot;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    await this.reading?.catch(() => {});
  }
}
