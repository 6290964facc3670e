/**
 * No ping spam, no lobby spam: an inviter's rematches ping each person once within a few minutes
 * (later invitations still name him), a member's open lobbies are limited per server, and a lobby
 * nobody starts expires, its message edited to say so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { nextBoardPost, openAndStart, resignFrom } from './play.js';
import { inDatabase } from './database-access.js';

let discord: FakeDiscord;
let anne: SimUser;
let bob: SimUser;
let carl: SimUser;
let dirk: SimUser;
let admin: SimUser;

// The scheduler ticks every 200 ms, so an expired lobby closes at once.
const harness = useHarness('lobbies', ['anne', 'bob', 'carl'], { env: { SCHEDULER_INTERVAL_MS: '200' } });

beforeAll(() => {
  ({
    discord,
    users: [anne, bob, carl],
  } = harness);
  dirk = discord.user('dirk', { locale: 'nl' });
  admin = discord.user('harbourmaster', { manageGuild: true });
});

/** The channel games are opened in (where the slash commands are used). */
let channelId = '';
const publicMessages = () => discord.messages(channelId).filter((m) => !m.ephemeral);
/** A message as it was posted (a closed lobby's message is edited later, without the invitation). */
const posted = (m: StoredMessage) => m.edits[0]?.content ?? m.content;
const invitations = () => publicMessages().filter((m) => posted(m).includes('A rematch of #'));
/** The game number in a lobby's buttons (`join:<game>`). */
const gameIdOf = (lobby: StoredMessage) => Number(buttonsOf(lobby)[0]?.customId?.split(':')[1]);

/** Plays the clock forward: the lobby's time to be started ran out a second ago. */
function lobbyTimeHasCome(gameIds: number[]): void {
  return inDatabase(
    harness.databasePath,
    (db) => {
      for (const id of gameIds) db.prepare('UPDATE games SET lobby_expires_at = ? WHERE id = ?').run(Date.now() - 1000, id);
    },
    { readonly: false },
  );
}

async function newLobby(user: SimUser): Promise<StoredMessage> {
  const opened = await user.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } });
  expect(opened.ephemeral).toBe(false);
  const lobby = opened.message as StoredMessage;
  channelId = lobby.channelId;
  return lobby;
}

async function cancelLobby(user: SimUser, lobby: StoredMessage): Promise<void> {
  const asked = await user.click(lobby, { label: 'Cancel' });
  const done = await user.click(asked.message as StoredMessage, { prefix: 'cancelyes:' });
  expect(done.content).toMatch(/cancelled/i);
}

describe('no ping spam, no lobby spam', () => {
  it('Rematch → Cancel → Rematch pings each invited person once within the window; the later invitations still name them', async () => {
    const { lobby, threadId } = await openAndStart(discord, [anne, bob, carl], { game: 'cartagena' });
    channelId = lobby.channelId;
    await nextBoardPost(discord, threadId, undefined);
    await resignFrom(bob, threadId);
    await resignFrom(carl, threadId);
    const finished = await discord.waitFor(
      () => discord.messages(lobby.channelId).find((m) => m.id === lobby.id && buttonsOf(m).some((b) => b.label === 'Rematch')) ?? null,
      {
        what: 'the Rematch button on the finished game',
      },
    );
    for (let round = 0; round < 3; round++) {
      const rematch = await anne.click(finished, { label: 'Rematch' });
      expect(rematch.content).toMatch(/The rematch lobby is open/);
      const invitation = await discord.waitFor(() => invitations().at(round) ?? null, { what: `rematch ${round + 1}` });
      await cancelLobby(anne, invitation);
    }
    const anne3 = invitations();
    expect(anne3).toHaveLength(3);
    for (const invitation of anne3) {
      expect(posted(invitation)).toContain(`<@${bob.id}>`);
      expect(posted(invitation)).toContain(`<@${carl.id}>`);
    }
    expect([...(anne3[0]?.pinged ?? [])].sort()).toEqual([bob.id, carl.id].sort());
    expect(anne3.slice(1).map((m) => m.pinged)).toEqual([[], []]);
    // Another inviter has a window of his own: Bob's rematch pings Anne and Carl.
    await bob.click(finished, { label: 'Rematch' });
    const bobs = await discord.waitFor(() => invitations().at(3) ?? null, { what: "Bob's rematch" });
    expect([...bobs.pinged].sort()).toEqual([anne.id, carl.id].sort());
    await cancelLobby(bob, bobs);
    discord.assertInteractionsHealthy();
  });

  it("a member's 4th open lobby is refused privately, naming his lobbies, and nothing is posted; the limit is a server setting", async () => {
    const lobbies = [await newLobby(carl), await newLobby(carl), await newLobby(carl)];
    const count = publicMessages().length;
    const refused = await carl.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/You already have 3 open lobbies in this server, as many as it allows/);
    for (const lobby of lobbies) expect(refused.content).toContain(`[#${gameIdOf(lobby)}](https://discord.com/channels/`);
    expect(publicMessages()).toHaveLength(count);
    // In Dutch for a Dutch member.
    for (let i = 0; i < 3; i++) await newLobby(dirk);
    const dutch = await dirk.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } });
    expect(dutch.content).toMatch(/Je hebt in deze server al 3 open lobby's, meer mag niet/);

    const notAllowed = await carl.slash('settings', { subcommand: 'lobby-limit', options: { lobbies: 4 } });
    expect(notAllowed.content).toMatch(/Manage Server/);
    const set = await admin.slash('settings', { subcommand: 'lobby-limit', options: { lobbies: 4 } });
    expect(set.content).toMatch(/^✅ Open lobbies per member at a time: \d+ → 4$/);
    // A forged value past the bounds the command declares changes nothing.
    for (const [subcommand, options] of [
      ['lobby-expiry', { hours: 500 }],
      ['lobby-limit', { lobbies: 0 }],
    ] as const) {
      const forged = await admin.slash('settings', { subcommand, options, unchecked: true });
      expect(forged.ephemeral).toBe(true);
      expect(forged.content).toMatch(/^(Give a number of hours from 1 to 168|That value for "lobbies" is not valid)/);
    }
    const expiry = await admin.slash('settings', { subcommand: 'lobby-expiry', options: { hours: 48 } });
    expect(expiry.content).toBe('✅ A lobby nobody starts expires after: 24 hours → 48 hours');
    expect((await carl.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } })).ephemeral).toBe(false);
    discord.assertInteractionsHealthy();
  });

  it('a lobby past its time expires: its message says so without buttons, and a button left on a message that could not be edited refuses politely', async () => {
    const edited = await newLobby(anne);
    const unedited = await newLobby(anne);
    // Discord refuses the edit of the second lobby's message: the lobby closes all the same.
    discord.failNext({
      route: '/channels/:channel/messages/:message',
      method: 'PATCH',
      status: 403,
      code: 50001,
      when: (req) => req.params.message === unedited.id,
    });
    lobbyTimeHasCome([gameIdOf(edited), gameIdOf(unedited)]);
    const closed = await discord.waitFor(
      () => discord.messages(channelId).find((m) => m.id === edited.id && m.content.includes('This lobby has expired')) ?? null,
      {
        what: 'the expired lobby message',
        timeoutMs: 10_000,
      },
    );
    expect(buttonsOf(closed)).toEqual([]);
    await discord.waitFor(() => (harness.bot.logs().some((l) => l.msg === 'a lobby expired' && l.game === gameIdOf(unedited)) ? true : null), {
      what: 'the second lobby closed',
    });
    const join = await bob.click(unedited, { label: 'Join' });
    expect(join.ephemeral).toBe(true);
    expect(join.content).toBe('This lobby has expired: nobody started the game in time. Open a new game with /game new.');
    const start = await anne.click(unedited, { label: 'Start' });
    expect(start.content).toMatch(/This lobby has expired/);
    // Expired lobbies no longer count toward their host's open lobbies.
    for (let i = 0; i < 3; i++) await newLobby(anne);
    discord.assertInteractionsHealthy();
  });

  it('a lobby whose time ran out while the bot was down expires once it is back', async () => {
    const lobby = await newLobby(bob);
    const identified = discord.botStatus.identifyCount;
    expect(await harness.bot.stop(), harness.bot.output.slice(-20).join('\n')).toBe(0);
    lobbyTimeHasCome([gameIdOf(lobby)]);
    harness.bot.start();
    await discord.waitForBotReady({ afterIdentifyCount: identified });
    const closed = await discord.waitFor(
      () => discord.messages(channelId).find((m) => m.id === lobby.id && m.content.includes('This lobby has expired')) ?? null,
      {
        what: 'the lobby expired after the restart',
        timeoutMs: 10_000,
      },
    );
    expect(buttonsOf(closed)).toEqual([]);
    expect(harness.bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
    discord.assertInteractionsHealthy();
  });
});
