import { Events, Options, type GuildMember, type PartialGuildMember } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BOT_ID, CHANNEL_ID, GUILD_ID, fedClient, memberId, type FedClient } from '../../tests/support/fed-client.js';
import { clientCacheOptions, threadToSweep } from './client-caches.js';

const HOUR = 3600_000;
const clients: FedClient[] = [];
const fed = (options = clientCacheOptions()) => {
  const made = fedClient(options);
  clients.push(made);
  return made;
};
afterEach(async () => {
  for (const made of clients.splice(0)) await made.destroy();
});

describe("the discord.js client's caches", () => {
  it('keep no user or member an interaction brings, only the bot itself, however many members click', () => {
    const { client, click, members } = fed();
    const seen: string[] = [];
    client.on(Events.InteractionCreate, (interaction) => void seen.push(`${interaction.user.id}/${(interaction.member as GuildMember).id}`));
    for (let n = 1; n <= 2000; n++) click(n, CHANNEL_ID);
    // Each handler still got its member and user from the interaction itself.
    expect(seen).toHaveLength(2000);
    expect(seen[1999]).toBe(`${memberId(2000)}/${memberId(2000)}`);
    expect([...client.users.cache.keys()]).toEqual([BOT_ID]);
    expect(members()).toBe(1);
    expect(client.guilds.cache.get(GUILD_ID)?.members.me?.id).toBe(BOT_ID);
    expect(client.user?.id).toBe(BOT_ID);
  });

  it('would have kept every one of them with the settings before (the comparison the test stands on)', () => {
    const { client, click, members } = fed({ makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }) });
    for (let n = 1; n <= 500; n++) click(n, CHANNEL_ID);
    expect(client.users.cache.size).toBe(501);
    expect(members()).toBe(501);
  });

  it("keep the server and its channels, which the bot reads (a lobby's channel to open its thread)", () => {
    const { client } = fed();
    expect(client.guilds.cache.has(GUILD_ID)).toBe(true);
    expect(client.channels.cache.get(CHANNEL_ID)?.isTextBased()).toBe(true);
  });

  it('still tell of a member who leaves though he is not cached (one who clicked, one never seen)', () => {
    const { client, click, leave } = fed();
    const left: (GuildMember | PartialGuildMember)[] = [];
    client.on(Events.GuildMemberRemove, (member) => void left.push(member));
    click(7, CHANNEL_ID);
    leave(7);
    leave(8);
    expect(left.map((m) => [m.id, m.guild.id])).toEqual([
      [memberId(7), GUILD_ID],
      [memberId(8), GUILD_ID],
    ]);
  });

  it("sweep threads archived an hour ago and open ones a day old, keeping the bot's own member of each live thread only", () => {
    const now = Date.now();
    const { client, openThread, archiveThread, sweepThreads, threads, click } = fed();
    const ids = ['910000000000000001', '910000000000000002', '910000000000000003', '910000000000000004'];
    openThread(ids[0] as string, now - 25 * HOUR); // open, a day and an hour old
    openThread(ids[1] as string, now - 2 * HOUR); // open, two hours old
    openThread(ids[2] as string, now - 3 * HOUR);
    archiveThread(ids[2] as string, now - 3 * HOUR, now - 2 * HOUR); // archived two hours ago
    openThread(ids[3] as string, now - 3 * HOUR);
    archiveThread(ids[3] as string, now - 3 * HOUR, now - 10 * 60_000); // archived ten minutes ago
    for (let n = 1; n <= 50; n++) click(n, ids[1] as string);
    expect(threads()).toBe(4);
    expect(sweepThreads()).toBe(2);
    expect([...client.channels.cache.filter((c) => c.isThread()).keys()].sort()).toEqual([ids[1], ids[3]]);
    const live = client.channels.cache.get(ids[1] as string);
    expect(live?.isThread() && [...live.members.cache.keys()]).toEqual([BOT_ID]);
  });

  it('judge a thread by when it was archived, or else by when it was opened', () => {
    const now = 1_800_000_000_000;
    const thread = (archived: boolean, archiveTimestamp: number, createdTimestamp: number | null) =>
      ({ id: '910000000000000001', archived, archiveTimestamp, createdTimestamp }) as never;
    expect(threadToSweep(thread(true, now - HOUR, now - 2 * HOUR), now)).toBe(true);
    expect(threadToSweep(thread(true, now - HOUR + 1, now - 2 * HOUR), now)).toBe(false);
    expect(threadToSweep(thread(false, 0, now - 24 * HOUR), now)).toBe(true);
    expect(threadToSweep(thread(false, 0, now - 23 * HOUR), now)).toBe(false);
    // A thread older than thread creation times: its id's time (2021 here) decides.
    expect(threadToSweep(thread(false, 0, null), now)).toBe(true);
  });
});
