import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleOf, testStore } from '../../tests/support/test-store.js';
import { defineSetting } from '../settings/declare.js';
import { DEFAULT_GUILD_SETTINGS, DEFAULT_MEMBER_SETTINGS, MEMBER_SETTINGS, SERVER_SETTINGS } from '../settings/index.js';

// The settings store on both databases (the storage suite): each owner's settings are one JSON
// document, read back through the declarations of src/settings.

/** A setting declared here only, as a new one would be (CONTRIBUTING.md, "Adding a setting"): not in the lists players see. */
const quietNights = defineSetting({
  key: 'quietNights',
  owner: 'server',
  value: z.boolean(),
  default: false,
  name: 'settings.name.threads',
  told: (on) => (on ? 'on' : 'off'),
  change: { name: 'threads', option: 'enabled', kind: 'boolean' },
});
const WITH_QUIET_NIGHTS = [...SERVER_SETTINGS, quietNights] as const;

describe('the settings store', () => {
  it('gives an owner who set nothing every default, and reads back what was changed, the rest kept', async () => {
    const { settings } = await testStore();
    expect(await settings.guild('g')).toEqual(DEFAULT_GUILD_SETTINGS);
    expect(await settings.member('u')).toEqual(DEFAULT_MEMBER_SETTINGS);
    const changed = { defaultTimeLimitMs: null, allowedChannels: ['1', '2'], useThreads: false, lobbyExpiryMs: 3_600_000, sharedRatings: true };
    expect(await settings.updateGuild('g', changed)).toEqual({ ...DEFAULT_GUILD_SETTINGS, ...changed });
    await settings.updateGuild('g', { awayDaysMax: 0 });
    expect(await settings.guild('g')).toEqual({ ...DEFAULT_GUILD_SETTINGS, ...changed, awayDaysMax: 0 });
    expect(await settings.guild('other')).toEqual(DEFAULT_GUILD_SETTINGS);
    await settings.updateMember('u', { pings: { mode: 'away', awayMinutes: 30 } });
    await settings.updateMember('u', { dmReminders: true });
    expect(await settings.member('u')).toEqual({ dmReminders: true, pings: { mode: 'away', awayMinutes: 30 } });
    expect(await settings.member('other')).toEqual(DEFAULT_MEMBER_SETTINGS);
  });

  it('reads a stored value not as declared as its default, leaves out a key no longer declared, and writes only the declared ones', async () => {
    const store = await testStore();
    const { db, t } = handleOf(store);
    const stored = { useThreads: 'yes', maxOpenLobbies: 99, awayDaysMax: 3, deadlinePolicy: 'remove', retired: 1 };
    await db.insert(t.guildSettings).values({ guildId: 'g', settings: stored, updatedAt: 1 });
    await db.insert(t.userSettings).values({ userId: 'u', settings: { dmReminders: true, pings: { mode: 'sometimes', awayMinutes: 5 } } });
    expect(await store.settings.guild('g')).toEqual({ ...DEFAULT_GUILD_SETTINGS, awayDaysMax: 3, deadlinePolicy: 'remove' });
    expect(await store.settings.member('u')).toEqual({ ...DEFAULT_MEMBER_SETTINGS, dmReminders: true });
    await store.settings.updateGuild('g', { maxOpenLobbies: 5 });
    const [row] = await db.select().from(t.guildSettings).where(eq(t.guildSettings.guildId, 'g'));
    expect(row?.settings).toEqual({ ...DEFAULT_GUILD_SETTINGS, awayDaysMax: 3, deadlinePolicy: 'remove', maxOpenLobbies: 5 });
    expect(Object.keys(row?.settings ?? {}).sort()).toEqual(SERVER_SETTINGS.map((s) => s.key).sort());
    expect(MEMBER_SETTINGS.map((s) => s.key)).toEqual(['dmReminders', 'pings']);
  });

  it('keeps a newly declared setting without a change to the store or the schema', async () => {
    const { settings } = await testStore();
    expect((await settings.read(WITH_QUIET_NIGHTS, { guildId: 'g' })).quietNights).toBe(false);
    await settings.updateGuild('g', { useThreads: false });
    const after = await settings.update(WITH_QUIET_NIGHTS, { guildId: 'g' }, { quietNights: true });
    expect(after).toEqual({ ...DEFAULT_GUILD_SETTINGS, useThreads: false, quietNights: true });
    expect(await settings.read(WITH_QUIET_NIGHTS, { guildId: 'g' })).toEqual(after);
    // The shipped list reads the same server as before, without the setting it does not declare.
    expect(await settings.guild('g')).toEqual({ ...DEFAULT_GUILD_SETTINGS, useThreads: false });
  });

  it('tells the ratings whether a server shares them, from its document: only a stored true does', async () => {
    const store = await testStore();
    expect(await store.ratings.sharesRatings('g')).toBe(false);
    await store.settings.updateGuild('g', { sharedRatings: true });
    expect(await store.ratings.sharesRatings('g')).toBe(true);
    await store.settings.updateGuild('g', { sharedRatings: false });
    expect(await store.ratings.sharesRatings('g')).toBe(false);
    const { db, t } = handleOf(store);
    await db
      .update(t.guildSettings)
      .set({ settings: { sharedRatings: 'true' } })
      .where(eq(t.guildSettings.guildId, 'g'));
    expect(await store.ratings.sharesRatings('g')).toBe(false);
  });
});
