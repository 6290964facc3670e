/**
 * Answers made of lists stay within Discord's 2,000 characters on a server that allows games in
 * many channels: the local Discord refuses any longer message, as Discord does, so an answer over
 * the limit would never arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, SimUser } from './server/index.js';
import { startHarness, type Harness } from './harness.js';

const CHANNELS = 90;

let harness: Harness;
let discord: FakeDiscord;
let anne: SimUser;
let admin: SimUser;

beforeAll(async () => {
  const channels = ['general', ...Array.from({ length: CHANNELS }, (_, i) => `games-${i + 1}`)];
  harness = await startHarness('long-answers', ['anne'], { guilds: [{ channels }] });
  discord = harness.discord;
  [anne] = harness.users as [SimUser];
  admin = discord.user('harbourmaster', { manageGuild: true });
});

afterAll(async () => {
  await harness?.stop();
});

describe('a server with games allowed in 90 channels', () => {
  it('answers /settings after every change, and the refusal naming the channels, within 2,000 characters', async () => {
    let last = '';
    for (let i = 1; i <= CHANNELS; i++) {
      const answer = await admin.slash('settings', { subcommand: 'channel-allow', options: { channel: discord.channel(`games-${i}`).id } });
      expect(answer.ephemeral).toBe(true);
      expect(answer.content).toMatch(/Channels for games: <#\d+>/);
      last = answer.content;
    }
    expect(last.length).toBeLessThanOrEqual(2000);
    expect(last).toMatch(/… and \d+ more\n/);
    const shown = await admin.slash('settings', { subcommand: 'show' });
    expect(shown.content).toBe(last);
    const refused = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' }, channelId: discord.channel('general').id });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content.length).toBeLessThanOrEqual(2000);
    expect(refused.content).toMatch(/^Games cannot be opened in this channel\. Allowed: <#\d+>(, <#\d+>)+, … and \d+ more\.$/);
    discord.assertInteractionsHealthy();
  });
});
