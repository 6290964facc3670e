/**
 * Replays through Discord: a finished game of each registered game, paged from its start to its
 * end from the Replay button of its last post, a board at each step that is the spectator's board
 * of that moment; the "go to move" menu; a replay of a running game that shows only what everyone
 * may see (not a move that may still be taken back); and forged replay ids refused, changing nothing.
 */
import { REST, Routes } from 'discord.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, findButton, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { gameNumber, mentionedUsers, nextBoardPost } from './play.js';
import * as replays from './replays.js';
import { heading, imageOf, withBoard } from './replays.js';
import { sha, SpectatorBoards } from './spectator-boards.js';
import { expectSanePng, saveArtifact } from '../support/png.js';
import { buildCommands } from '../../src/discord/commands.js';
import { gameCases, presenters } from '../../src/games/index.js';

// Paging every game move by move asks for far more boards than a member may have drawn in a row.
const harness = useHarness('replay', ['anne', 'vera'], {
  guilds: [{ name: 'Harbour' }, { name: 'Elsewhere', channels: ['lounge'] }],
  env: { BOARD_BURST: '100000' },
});
let discord: FakeDiscord;
let anne: SimUser;
let vera: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne, vera],
    } = harness),
);

const finishedGame = (options: Record<string, string | number>, turns: number) => replays.finishedGame(discord, anne, options, turns);

/**
 * Each registered game as it is played against bots (its `e2e-bots` case), as /game new names it.
 * Anne plays a few turns so that the replay holds her moves too, then resigns: against one bot
 * that ends the game; two bots play it on to its end, so one turn of hers is enough there.
 */
const FINISHED = gameCases('e2e-bots').map((c) => {
  const variant = presenters[c.id].variantOf(c.options)?.value;
  const bots = c.seats - 1;
  return [c.id, { ...(variant === undefined ? {} : { variant }), bots }, bots === 1 ? 2 : 1] as const;
});

describe('replays', () => {
  for (const [game, options, turns] of FINISHED) {
    it(`a finished game of ${game} is paged from its start to its end, each board as spectators saw it`, async () => {
      const { id, final } = await finishedGame({ game, ...options }, turns);
      expect(buttonsOf(final).map((b) => b.label)).toEqual(['Open my panel', 'Rematch', 'Replay']);
      const opened = await anne.click(final, { customId: `replay:${id}` });
      expect(opened.ephemeral).toBe(true);
      let viewer = await withBoard(discord, opened.message as StoredMessage, id, 0);
      const total = Number(/before move 1 of (\d+)$/.exec(heading(viewer))?.[1]);
      expect(heading(viewer)).toMatch(new RegExp(`#${id}: replay, the start, before move 1 of ${total}$`));
      expect(total).toBeGreaterThan(1);
      // The log counts the same moves.
      const log = await anne.slash('game', { subcommand: 'log', options: { id } });
      expect(heading(log.message as StoredMessage)).toMatch(new RegExp(`moves \\d+–${total} of ${total}$`));

      const expected = new SpectatorBoards(harness.databasePath, id);
      expect(expected.moves).toHaveLength(total);
      const images = [imageOf(viewer)];
      for (let move = 1; move <= total; move++) {
        const step = await anne.click(viewer, { label: 'Next ▶' });
        viewer = await withBoard(discord, step.message as StoredMessage, id, move);
        expect(heading(viewer)).toMatch(new RegExp(`#${id}: replay, after move ${move} of ${total}$`));
        // The move's own line of the log follows.
        expect(viewer.content.split('\n').length).toBeGreaterThan(1);
        images.push(imageOf(viewer));
        expect(viewer.attachments[0]?.description, 'alt text').toMatch(/\S/);
      }
      expect(findButton(viewer, { label: 'Next ▶' })?.disabled).toBe(true);
      expect(findButton(viewer, { label: 'End ⏭' })?.disabled).toBe(true);
      for (const png of images) expectSanePng(png);
      // Each board is the spectator's board of that moment, drawn apart from the bot: the start, a
      // few moves along the way and the end.
      for (const move of new Set([0, 1, Math.floor(total / 3), Math.floor((2 * total) / 3), total])) {
        const drawn = await expected.after(move);
        if (sha(drawn) !== sha(images[move] as Buffer)) {
          saveArtifact(`replay-${game}-${move}-shown`, images[move] as Buffer);
          saveArtifact(`replay-${game}-${move}-expected`, drawn);
        }
        expect(sha(images[move] as Buffer), `move ${move}`).toBe(sha(drawn));
      }
      // The end is the board a spectator gets from /game board.
      const board = await vera.slash('game', { subcommand: 'board', options: { id } });
      expect(sha(imageOf(board.messages[0] as StoredMessage))).toBe(sha(images[total] as Buffer));

      // The menu goes to any move it offers, the start and the end among them, at most 25.
      const menu = selectsOf(viewer).find((s) => s.customId === `replaygo:${id}`);
      const offered = menu?.options.map((o) => Number(o.value)) ?? [];
      expect(offered.length).toBeLessThanOrEqual(25);
      expect(offered).toContain(0);
      expect(offered).toContain(total);
      const middle = offered[Math.floor(offered.length / 2)] as number;
      viewer = await withBoard(discord, (await anne.select(viewer, `replaygo:${id}`, [String(middle)])).message as StoredMessage, id, middle);
      expect(heading(viewer)).toMatch(middle === 0 ? /the start/ : new RegExp(`after move ${middle} of ${total}$`));
      expect(sha(imageOf(viewer))).toBe(sha(images[middle] as Buffer));
      viewer = await withBoard(discord, (await anne.click(viewer, { label: '⏮ Start' })).message as StoredMessage, id, 0);
      expect(sha(imageOf(viewer))).toBe(sha(images[0] as Buffer));
      discord.assertInteractionsHealthy();
    });
  }

  it("a running game's replay shows what everyone may see, not a move that may still be taken back; in Dutch too", async () => {
    const opened = await anne.slash('game', {
      subcommand: 'new',
      options: { game: 'cartagena', variant: 'jamaica', bots: 1, bot_level: 'easy', time_limit: 'none' },
    });
    const started = await anne.click(opened.message as StoredMessage, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    let post = await nextBoardPost(discord, thread.id, undefined);
    const id = gameNumber(post);
    while (mentionedUsers(post, [anne]).length === 0) post = await nextBoardPost(discord, thread.id, post);
    const replayed = async (user: SimUser, options: Parameters<SimUser['slash']>[1]) =>
      withBoard(discord, (await user.slash('game', options)).message as StoredMessage, id);
    const before = sha(imageOf(await replayed(vera, { subcommand: 'replay', channelId: thread.id })));
    // Anne plays a card forward: it may be taken back while her turn lasts.
    const panel = (await anne.click(post, { prefix: 'panel:' })).message as StoredMessage;
    const cards = selectsOf(panel).find((s) => s.placeholder?.startsWith('Play a card'));
    await anne.select(panel, cards?.customId as string, [cards?.options[0]?.value as string]);

    const spectator = await replayed(vera, { subcommand: 'replay', channelId: thread.id });
    expect(spectator.content).toContain('The game is still running');
    const board = (await vera.slash('game', { subcommand: 'board', channelId: thread.id })).messages[0] as StoredMessage;
    const own = (await anne.slash('game', { subcommand: 'board', channelId: thread.id })).messages[0] as StoredMessage;
    const hers = await replayed(anne, { subcommand: 'replay', channelId: thread.id });
    expect(sha(imageOf(spectator))).toBe(before);
    expect(sha(imageOf(spectator))).toBe(sha(imageOf(board)));
    // Her replay is public too: not her own board, which shows the card she may still take back.
    expect(sha(imageOf(hers))).toBe(before);
    expect(sha(imageOf(own))).not.toBe(before);
    expect(heading(hers)).toBe(heading(spectator));

    const daan = discord.user('daan', { locale: 'nl' });
    const dutch = (await daan.slash('game', { subcommand: 'replay', options: { id, move: 0 } })).message as StoredMessage;
    expect(heading(dutch)).toMatch(new RegExp(`#${id}: terugkijken, het begin`));
    expect(buttonsOf(dutch).map((b) => b.label)).toEqual(['⏮ Begin', '◀ Vorige', 'Volgende ▶', 'Einde ⏭']);
    discord.assertInteractionsHealthy();
  });

  it("forged replay ids and another server's games are refused in plain words, and the replay stays as it was", async () => {
    // The commands everywhere, as `npm run deploy-commands` registers them.
    await new REST({ api: discord.apiBase })
      .setToken(harness.token)
      .put(Routes.applicationCommands(discord.applicationId), { body: buildCommands(presenters) });
    const other = discord.guilds()[1];
    const lounge = discord.channels(other?.id)[0]?.id as string;
    const mallory = discord.user('mallory', { guildId: other?.id as string });
    const theirs = (await mallory.slash('game', { subcommand: 'new', options: { game: 'shanghaien' }, channelId: lounge })).message as StoredMessage;
    const theirId = Number(buttonsOf(theirs)[0]?.customId?.split(':')[1]);

    const { id, final } = await finishedGame({ game: 'shanghaien', bots: 1 }, 0);
    const viewer = await withBoard(discord, (await anne.click(final, { customId: `replay:${id}` })).message as StoredMessage, id, 0);
    const shown = { content: viewer.content, image: sha(imageOf(viewer)) };
    for (const [customId, values, answer] of [
      [`replayto:${id}:99999:n`, undefined, /This game has no move 99999: it has \d+ so far\./],
      [`replayto:${theirId}:0:f`, undefined, /I cannot find that game/],
      [`replayto:${id}:1:x`, undefined, /This button is no longer in use/],
      [`replay:${id}`, undefined, /This button is no longer in use/],
      [`replaygo:${id}`, ['-1'], /This button is no longer in use/],
      [`replaygo:${id}`, ['1e3'], /This button is no longer in use/],
    ] as const) {
      const forged = await anne.forgeComponent(viewer, { customId, ...(values ? { values: [...values] } : {}) });
      expect(forged.ephemeral, customId).toBe(true);
      expect(forged.messages.at(-1)?.content, customId).toMatch(answer);
      expect({ content: discord.message(viewer.id).content, image: sha(imageOf(discord.message(viewer.id))) }).toEqual(shown);
    }
    // From the other server, this server's game is as good as unknown.
    const asked = await mallory.slash('game', { subcommand: 'replay', options: { id }, channelId: lounge });
    expect(asked.content).toMatch(/no game of yours here/);
    const peek = await mallory.forgeComponent(theirs, { customId: `replay:${id}` });
    expect(peek.content).toMatch(/I cannot find that game/);
    discord.assertInteractionsHealthy();
  });
});
