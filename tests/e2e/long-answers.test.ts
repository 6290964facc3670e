/**
 * Answers made of lists stay within Discord's 2,000 characters on a server that allows games in
 * many channels: the local Discord refuses any longer message, as Discord does, so an answer over
 * the limit would never arrive.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, SimUser } from './server/index.js';
import { useHarness } from './harness.js';

const CHANNELS = 90;

let discord: FakeDiscord;
let anne: SimUser;
let admin: SimUser;

const harness = useHarness('long-answers', ['anne'], { guilds: [{ channels: ['general', ...Array.from({ length: CHANNELS }, (_, i) => `games-${i + 1}`)] }] });

beforeAll(() => {
  ({
    discord,
    users: [anne],
  } = harness);
  admin = discord.user('harbourmaster', { manageGuild: true });
});

describe('a server with games allowed in 90 channels', () => {
  it('answers /settings after every change, and the refusal naming the channels, within 2,000 characters', async () => {
    for (let i = 1; i <= CHANNELS; i++) {
      const answer = await admin.slash('settings', { subcommand: 'channel-allow', options: { channel: discord.channel(`games-${i}`).id } });
      expect(answer.ephemeral).toBe(true);
      // One line confirms it: the channel, and how many are allowed now.
      expect(answer.content).toBe(
        i === 1
          ? `✅ Channels for games: only <#${discord.channel('games-1').id}>`
          : `✅ Channels for games: <#${discord.channel(`games-${i}`).id}> added, ${i} channels in all`,
      );
    }
    const shown = await admin.slash('settings', { subcommand: 'show' });
    expect(shown.content.length).toBeLessThanOrEqual(2000);
    expect(shown.content).toMatch(/Channels for games: <#\d+>(, <#\d+>)+, … and \d+ more\n/);
    const refused = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' }, channelId: discord.channel('general').id });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content.length).toBeLessThanOrEqual(2000);
    expect(refused.content).toMatch(/^Games cannot be opened in this channel\. Allowed: <#\d+>(, <#\d+>)+, … and \d+ more\.$/);
    discord.assertInteractionsHealthy();
  });
});
