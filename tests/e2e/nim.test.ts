/**
 * A sixth game needs only its folder and its line in the registry. Nim (tests/support/nim/, made
 * with `defineGame` as every game is) is played through Discord by the real bot, started from its
 * sources with its registry module swapped for one that adds Nim (tests/support/nim/register.mjs):
 * nothing in src/ knows of Nim, and yet its commands offer it, its panels and posts tell it, its
 * board workers draw it and its bot players play it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIApplicationCommand, APIApplicationCommandOption } from 'discord.js';
import { selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { secretsOf } from './log-hygiene.js';
import {
  boardDescriptionOf,
  boardPosts,
  choicesOf,
  expectBoardImages,
  expectDescribedBoards,
  gameNumber,
  makeChoice,
  nextBoardPost,
  playRandomly,
  randomFrom,
  Table,
} from './play.js';
import { saveTranscript } from './transcript.js';
import { loggedOrigins } from './database-access.js';
import { registry } from '../../src/games/index.js';

/** The bot from its sources, with the registry that adds Nim (in its worker threads too). */
const WITH_NIM: [string, ...string[]] = [process.execPath, '--import', 'tsx', '--import', './tests/support/nim/register.mjs', 'src/index.ts'];

const harness = useHarness('nim', ['anne'], { command: WITH_NIM });
let discord: FakeDiscord;
let anne: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne],
    } = harness),
);

/** The values an option of a registered command may take: `path` names the subcommand and the option. */
function commandChoices(commands: APIApplicationCommand[], command: string, ...path: string[]): unknown[] {
  let options = commands.find((c) => c.name === command)?.options ?? [];
  let option: APIApplicationCommandOption | undefined;
  for (const name of path) {
    option = options.find((o) => o.name === name);
    options = (option && 'options' in option ? option.options : []) as APIApplicationCommandOption[];
  }
  return (option && 'choices' in option ? (option.choices ?? []) : []).map((c) => c.value);
}

/** A card a player draws named: only the drawer's own view says which ("Anne draws a 2."). */
const DRAWN_CARD = /draws an? \d/;

describe('Nim, a game that is only its folder and a line in the registry', () => {
  it('is offered by the commands Discord accepted, after the games of src/', async () => {
    const commands = await discord.waitForCommands(['game', 'rules']);
    expect(commandChoices(commands, 'game', 'new', 'game')).toEqual([...Object.keys(registry), 'nim']);
    expect(commandChoices(commands, 'rules', 'game')).toContain('nim');
    const rules = await anne.slash('rules', { options: { game: 'nim' } });
    expect(rules.ephemeral).toBe(true);
    expect(JSON.stringify(rules.message?.embeds ?? [])).toContain('whoever takes the last stone wins');
    expect(selectsOf(rules.message as StoredMessage)[0]?.options.map((o) => o.label)).toEqual(['Nim', 'Your turn']);
  });

  it('a person plays a whole game against a bot: panels, posts, boards described, the winner named, no hand shown in public', async () => {
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'nim', variant: 'short', bots: 1, bot_level: 'easy' } });
    const lobby = opened.message as StoredMessage;
    expect(lobby.content).toMatch(/\*\*Nim\*\*/);
    expect(lobby.content).toMatch(/Players \(2\/3\): <@\d+>, \*\*Bot \w+\*\* \(easy\)/);
    const started = await anne.click(lobby, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    const first = await nextBoardPost(discord, thread.id, undefined);
    expect(first.content).toMatch(/15 stones left/);
    const id = gameNumber(first);

    // Anne follows the posts that name her and the panel she keeps open: she plays a card first
    // (a card drawn is then to be kept secret), then chooses at random.
    const pick = randomFrom(5);
    const table = new Table(discord, thread.id, [anne]);
    let playedCard = false;
    for (let turn = 0; ; turn++) {
      if (turn > 60) throw new Error('the game did not end');
      const due = await table.next();
      if (due.length === 0) break;
      for (const { panel } of due) {
        expect(panel.ephemeral).toBe(true);
        // A live panel may show an older version for a moment (its edit is made again, see
        // docs/architecture.md): the table then looks again.
        if (!panel.content.includes("It's your turn")) continue;
        expect(panel.content).toMatch(/Your cards: \d, \d\./);
        const card = playedCard ? undefined : choicesOf(panel).find((choice) => /^Play a \d$/.test(choice.label));
        if (card) {
          table.keep(anne, (await makeChoice(anne, panel, card)).message as StoredMessage);
          playedCard = true;
        } else table.keep(anne, await playRandomly(anne, panel, pick));
      }
    }
    expect(playedCard).toBe(true);
    const posts = discord.messages(thread.id);
    saveTranscript('nim', posts);

    // Both seats moved: Anne from her panel, the bot from its worker.
    expect(new Set(loggedOrigins(harness.databasePath, id))).toEqual(new Set(['player', 'bot']));
    // The final post names the winner, as the ranking does.
    const last = table.post as StoredMessage;
    expect(last.content).toContain('The game is over');
    const winner = /(Anne|Bot \w+) takes the last stone and wins\./.exec(last.content)?.[1];
    expect(winner, last.content).toBeDefined();
    expect(last.content).toMatch(new RegExp(`^1\\. .*${winner}`, 'm'));
    // The board posts carry boards drawn by the board worker, described for screen readers.
    const boards = boardPosts(posts);
    expect(boards.length).toBeGreaterThan(2);
    expectBoardImages(boards);
    const descriptions = expectDescribedBoards(posts);
    expect(boardDescriptionOf(last)).toContain(`${winner} took the last stone.`);

    // The hands were shown, privately; no public message, edit or image description shows one.
    const { privateTexts, publicTexts } = secretsOf(discord, harness.token);
    expect(privateTexts.some((text) => /Your cards: \d, \d\./.test(text))).toBe(true);
    const everythingPublic = [...publicTexts, ...descriptions];
    expect(
      everythingPublic.some((text) => /plays a \d\./.test(text)),
      'a card played is public',
    ).toBe(true);
    for (const text of everythingPublic) {
      expect(text).not.toMatch(/Your cards/);
      expect(text).not.toMatch(DRAWN_CARD);
    }
    expect(everythingPublic.some((text) => /draws a card\./.test(text))).toBe(true);
    // Nothing failed on the way: no board drawn without Nim, no bot move refused.
    expect(harness.bot.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);
    discord.assertInteractionsHealthy();
  });
});
