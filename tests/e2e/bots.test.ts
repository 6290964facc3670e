/**
 * Bot players through Discord: seated from the lobby or with /game new, they move by themselves
 * (thinking in a worker), are named but never pinged, and move again after a restart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { boardPosts, expectQuietThread, gameNumber, isBoardPost, mentionedUsers, nextBoardPost, playRandomTurn, randomFrom, Table } from './play.js';
import { saveTranscript } from './transcript.js';
import { gameCases, presenters } from '../../src/games/index.js';
import { shanghaien } from '../../src/games/shanghaien/rules.js';
import { inDatabase, loggedOrigins } from './database-access.js';

/** Each registered game's case for playing against bots, as /game new names it: Shanghaien has tests of its own below. */
const AGAINST_BOTS = gameCases('e2e-bots')
  .filter((c) => c.id !== 'shanghaien')
  .map((c) => [c.id, presenters[c.id].variantOf(c.options)?.value ?? '', c.seats - 1] as const);

const harness = useHarness('bots', ['anne']);
let discord: FakeDiscord;
let anne: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne],
    } = harness),
);

/** Whether the stored game waits for its bot player. */
function waitsForBot(id: number): boolean {
  return inDatabase(harness.databasePath, (db) => {
    const { state } = db.prepare('SELECT state FROM games WHERE id = ?').get(id) as { state: string };
    const bots = (db.prepare('SELECT seat FROM seats WHERE game_id = ? AND bot_level IS NOT NULL').all(id) as { seat: number }[]).map((r) => r.seat);
    return shanghaien.toAct(JSON.parse(state) as ReturnType<typeof shanghaien.setup>).some((seat) => bots.includes(seat));
  });
}

const mentionsAnne = (post: StoredMessage) => mentionedUsers(post, [anne]).length > 0;

/** Anne plays her turn with random choices from her panel, until the turn passes. */
const anneTakesTurn = (post: StoredMessage, pick: (n: number) => number) => playRandomTurn(anne, post, pick);

describe('bot players', () => {
  it('the host seats and removes bots in the lobby; a person plays a whole game against one', async () => {
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } });
    let lobby = opened.message as StoredMessage;
    const add = selectsOf(lobby).find((s) => s.placeholder === 'Add a bot player…');
    expect(add?.options.map((o) => o.label)).toEqual(['easy', 'normal', 'hard', 'expert']);
    lobby = (await anne.select(lobby, add?.customId as string, ['hard'])).message as StoredMessage;
    expect(lobby.content).toMatch(/Players \(2\/2\): <@\d+>, \*\*Bot Bram\*\* \(hard\)/);
    const remove = selectsOf(lobby).find((s) => s.placeholder === 'Take a bot out…');
    lobby = (await anne.select(lobby, remove?.customId as string, ['bot:1'])).message as StoredMessage;
    expect(lobby.content).toContain('Players (1/2)');
    // Only the host seats bots.
    const guest = discord.user('gijs');
    const refused = await guest.select(lobby, add?.customId as string, ['easy']);
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/Only the host/);
    lobby = (await anne.select(lobby, add?.customId as string, ['easy'])).message as StoredMessage;
    const started = await anne.click(lobby, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    const overview = await anne.slash('games');
    expect(overview.content).toMatch(/\[Shanghaien #\d+\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\): .*\(with Bot Bram \(easy\)\)/);

    const pick = randomFrom(7);
    let post = await nextBoardPost(discord, thread.id, undefined);
    const id = gameNumber(post);
    for (let turn = 0; !post.content.includes('The game is over'); turn++) {
      if (turn > 300) throw new Error('the game did not end');
      // Each post waits either for Anne or for the bot, which is neither pinged nor given a deadline.
      if (mentionsAnne(post)) await anneTakesTurn(post, pick);
      else expect(post.content).not.toMatch(/your move|Move by/);
      post = await nextBoardPost(discord, thread.id, post);
    }
    const posts = discord.messages(thread.id);
    saveTranscript('bots-shanghaien', posts);
    expect(boardPosts(posts).length).toBeGreaterThan(10);
    // A finished thread reads as a log, with one board image at its end.
    await expectQuietThread(discord, thread.id);
    expect(new Set(loggedOrigins(harness.databasePath, id))).toEqual(new Set(['player', 'bot']));
    // The leaderboard ranks people only by default; the bot's level is rated on request.
    const ranking = await anne.slash('leaderboard', { options: { game: 'shanghaien' } });
    expect(ranking.content).toMatch(new RegExp(`1\\. <@${anne.id}>: rating \\*\\*-?\\d+\\*\\* \\(1 played\\)`));
    expect(ranking.content).not.toMatch(/Bram|bot:|Bot \(/);
    const withBots = await anne.slash('leaderboard', { options: { game: 'shanghaien', with_bots: true } });
    expect(withBots.content).toMatch(/\d\. Bot \(easy\): rating \*\*-?\d+\*\* \(1 played\)/);
    // Only Anne is ever mentioned: a bot has no Discord account to ping.
    for (const message of posts) for (const [, user] of message.content.matchAll(/<@(\d+)>/g)) expect(user).toBe(anne.id);

    // The lobby message shows the result now, with a Rematch button, as does the last post.
    const closed = await discord.waitFor(
      () => discord.messages(lobby.channelId).find((m) => m.id === lobby.id && m.content.includes('The game is over')) ?? null,
      { what: 'the result on the lobby' },
    );
    expect(closed.content).toMatch(/The game is over \(https:\/\/discord\.com\/channels\/\S+\): 1\. [●■] (Anne|Bot Bram) \(\d+ points?\)/);
    expect(buttonsOf(closed).map((b) => b.label)).toEqual(['Rematch']);
    const final = boardPosts(posts).at(-1) as StoredMessage;
    const rematch = await anne.click(final, { label: 'Rematch' });
    expect(rematch.ephemeral).toBe(true);
    expect(rematch.content).toMatch(/The rematch lobby is open: https:\/\/discord\.com\/channels\//);
    const newLobby = await discord.waitFor(
      () => discord.messages(lobby.channelId).find((m) => m.createdAt > final.createdAt && m.content.includes('a new game opened by')) ?? null,
      { what: 'the rematch lobby' },
    );
    expect(newLobby.content).toMatch(/\*\*Shanghaien\*\*.*<@\d+>/);
    expect(newLobby.content).toMatch(/Players \(2\/2\): <@\d+>, \*\*Bot Bram\*\* \(easy\)/);
    // Pressed again, it points to the same lobby instead of opening another.
    const again = await anne.click(closed, { label: 'Rematch' });
    expect(again.content).toMatch(/already waiting for players/);
    expect(discord.messages(lobby.channelId).filter((m) => m.content.includes('a new game opened by') && m.createdAt > final.createdAt)).toHaveLength(1);
    discord.assertInteractionsHealthy();
  });

  for (const [game, variant, bots] of AGAINST_BOTS) {
    it(`one person plays a whole game of ${game} against ${bots} bot${bots > 1 ? 's' : ''}`, async () => {
      const opened = await anne.slash('game', { subcommand: 'new', options: { game, variant, bots, bot_level: 'easy' } });
      const started = await anne.click(opened.message as StoredMessage, { label: 'Start' });
      const thread = await discord.waitForThread((th) => th.id === started.message?.id);
      const pick = randomFrom(bots * 11);
      const id = gameNumber(await nextBoardPost(discord, thread.id, undefined));
      // Anne follows the posts that name her and the panel she keeps open.
      await new Table(discord, thread.id, [anne]).playOut(pick);
      const posts = discord.messages(thread.id);
      saveTranscript(`bots-${game}`, posts);
      expect(new Set(loggedOrigins(harness.databasePath, id))).toEqual(new Set(['player', 'bot']));
      for (const message of posts) for (const [, user] of message.content.matchAll(/<@(\d+)>/g)) expect(user).toBe(anne.id);
      discord.assertInteractionsHealthy();
    });
  }

  it('one person plays a whole game against the expert bot, which is rated as its own player', async () => {
    const expertCase = gameCases('bots').find((c) => c.label === 'Halunken two-player');
    if (!expertCase) throw new Error('no two-player Halunken case');
    const variant = presenters[expertCase.id].variantOf(expertCase.options)?.value ?? '';
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: expertCase.id, variant, bots: 1, bot_level: 'expert' } });
    const lobby = opened.message as StoredMessage;
    expect(lobby.content).toMatch(/\*\*Bot Bram\*\* \(expert\)/);
    const started = await anne.click(lobby, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    const pick = randomFrom(13);
    const id = gameNumber(await nextBoardPost(discord, thread.id, undefined));
    await new Table(discord, thread.id, [anne]).playOut(pick);
    const posts = discord.messages(thread.id);
    saveTranscript('bots-expert', posts);
    expect(posts.some((m) => m.content.includes('The game is over'))).toBe(true);
    expect(new Set(loggedOrigins(harness.databasePath, id))).toEqual(new Set(['player', 'bot']));
    const withBots = await anne.slash('leaderboard', { options: { game: expertCase.id, with_bots: true } });
    expect(withBots.content).toMatch(/\d\. Bot \(expert\): rating \*\*-?\d+\*\* \(1 played\)/);
    expect(withBots.content).not.toMatch(/Bot \(hard\)/);
    discord.assertInteractionsHealthy();
  });

  it('/game new seats bots at once; after a restart while a bot must move, it moves', async () => {
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien', bots: 1, bot_level: 'hard' } });
    const lobby = opened.message as StoredMessage;
    expect(lobby.content).toMatch(/\*\*Bot Bram\*\* \(hard\)/);
    const started = await anne.click(lobby, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    let post = await nextBoardPost(discord, thread.id, undefined);
    const id = gameNumber(post);
    const pick = randomFrom(3);
    // Anne moves; while the hard bot thinks (about a second), the bot process stops and starts
    // again. A move that leaves the bot nothing to think about (a forced one) does not count: then
    // the game goes on to Anne's next turn and it is tried again.
    for (let attempt = 1; ; attempt++) {
      if (attempt > 8) throw new Error('the bot never had to think after a move of Anne');
      while (!mentionsAnne(post)) post = await nextBoardPost(discord, thread.id, post);
      await anneTakesTurn(post, pick);
      const identified = discord.botStatus.identifyCount;
      expect(await harness.bot.stop(), harness.bot.output.slice(-20).join('\n')).toBe(0);
      const waiting = waitsForBot(id);
      const atStop = loggedOrigins(harness.databasePath, id).length;
      harness.bot.start();
      await discord.waitForBotReady({ afterIdentifyCount: identified });
      if (!waiting) {
        post = await discord.waitFor(
          () =>
            discord
              .messages(thread.id)
              .filter(isBoardPost)
              .filter(mentionsAnne)
              .find((m) => m.createdAt > post.createdAt) ?? null,
          { what: "Anne's next turn" },
        );
        continue;
      }
      // Stopped while the bot was thinking: as stored, the game waited for it; after the restart it moves.
      await discord.waitFor(() => (loggedOrigins(harness.databasePath, id).slice(atStop).includes('bot') ? true : null), {
        what: 'the bot to move after the restart',
        timeoutMs: 20_000,
      });
      break;
    }
    discord.assertInteractionsHealthy();
  });
});
