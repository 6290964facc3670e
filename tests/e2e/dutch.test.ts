import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { nl } from '../../src/i18n/nl.js';
import { gameCases, presenters } from '../../src/games/index.js';
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { boardPosts, choicesOf, expectDescribedBoards, makeChoice, openAndStart, randomFrom, Table } from './play.js';
import { saveTranscript } from './transcript.js';

// A Dutch server whose members use Dutch Discord clients.
const harness = useHarness('dutch', ['anne', 'bart', 'cees'], { guildLocale: 'nl', userLocale: 'nl' });
let discord: FakeDiscord;
let players: SimUser[];

beforeAll(() => ({ discord, users: players } = harness));

/**
 * Pieces of English text a Dutch player must never see: every stretch between placeholders of an
 * English text that has a few words in it and is not in the Dutch text of the same key.
 */
const englishPieces = Object.entries(en).flatMap(([key, text]) =>
  text
    .split(/\{\w+\}|\n/)
    .map((piece) => piece.replace(/[*_~•]/g, '').trim())
    .filter((piece) => piece.length >= 12 && piece.includes(' ') && !(nl as Record<string, string>)[key]?.includes(piece)),
);

function expectDutch(message: Pick<StoredMessage, 'content' | 'components'>): void {
  const labels = [
    ...buttonsOf(message as StoredMessage).map((b) => b.label ?? ''),
    ...selectsOf(message as StoredMessage).flatMap((s) => [s.placeholder ?? '', ...s.options.map((o) => o.label)]),
  ];
  const text = [message.content, ...labels].join('\n');
  const english = englishPieces.filter((piece) => text.includes(piece));
  expect(english, text).toEqual([]);
}

/** The players a Dutch post asks to move (its "…: je bent aan zet." or "…: jullie zijn aan zet." line). */
function mentionedUsers(post: StoredMessage, users: SimUser[]): SimUser[] {
  const endings = [nl['post.your-turn'], nl['post.your-turn.many']].map((text) => text.replace('{mentions}', ''));
  const line = post.content.split('\n').find((l) => endings.some((ending) => l.endsWith(ending))) ?? '';
  return users.filter((u) => line.includes(`<@${u.id}>`));
}

describe('a Dutch player plays in Dutch', () => {
  it('commands are offered in Dutch to Dutch clients', () => {
    const game = discord.commands().find((c) => c.name === 'game');
    expect(game?.name_localizations?.nl).toBe('spel');
    expect(game?.description_localizations?.nl).toBe(nl['command.game.description']);
  });

  it('/help tells, privately and in Dutch, what the bot does, how to start and every command, by its Dutch name', async () => {
    const help = await (players[0] as SimUser).slash('help');
    expect(help.ephemeral).toBe(true);
    expectDutch(help.message as StoredMessage);
    expect(help.content).toMatch(/^\*\*Tabletop Harbour\*\* speelt bordspellen in deze server: Cartagena, /);
    expect(help.content).toContain('**Zo begin je**');
    // Every command the bot offers, named as a Dutch client names it.
    for (const command of discord.commands()) expect(help.content, command.name).toContain(`\`/${command.name_localizations?.nl ?? command.name}`);
    expect(discord.commands().find((c) => c.name === 'help')?.name_localizations?.nl).toBe('hulp');
  });

  /** Opens a game in Dutch, plays it to the end by clicking random choices, checks every word. */
  async function playInDutch(
    game: string,
    variant: string,
    seats: number,
    seed: number,
  ): Promise<{ posts: StoredMessage[]; lobby: StoredMessage; last: StoredMessage; panels: StoredMessage[] }> {
    const { lobby, threadId } = await openAndStart(discord, players.slice(0, seats), { game, variant }, { join: nl['lobby.join'], start: nl['lobby.start'] });
    expectDutch(lobby);

    const pick = randomFrom(seed);
    const panels: StoredMessage[] = [];
    // Players follow the posts that name them and the panels they keep open.
    const table = new Table(discord, threadId, players, {
      yourTurn: /(Je|Jij) bent aan de beurt|Jouw beurt|Jij mag bieden/,
      over: nl['post.game-over'],
      mentioned: mentionedUsers,
    });
    for (let turns = 0; ; turns++) {
      if (turns > 1500) throw new Error(`${game} did not end`);
      const due = await table.next();
      if (due.length === 0) break;
      for (const { user, panel: shown } of due) {
        let panel = shown;
        panels.push({ ...panel });
        for (let step = 0; step < 12 && choicesOf(panel).length > 0; step++) {
          const moves = choicesOf(panel);
          const move = moves[pick(moves.length)] as (typeof moves)[number];
          const result = await makeChoice(user, panel, move);
          panel = result.message as StoredMessage;
          table.keep(user, panel);
          panels.push({ ...panel });
        }
      }
    }
    const post = table.post as StoredMessage;
    const posts = discord.messages(threadId);
    for (const message of [...posts, ...panels]) expectDutch(message);
    // At least the opening and the final post: players at their open panels may move faster than
    // posts go out, so one post may tell several turns.
    expect(boardPosts(posts).length).toBeGreaterThanOrEqual(2);
    // Every board image is described for screen readers, in Dutch, naming the game.
    for (const description of expectDescribedBoards(posts)) {
      expect(description).toMatch(/^Spelbord van /);
      expectDutch({ content: description, components: [] });
    }
    return { posts, lobby, last: post, panels };
  }

  // Each registered game's Dutch case, as /game new names it; Halunken & Spelunken has a test of its own below.
  const inDutch = gameCases('e2e-dutch')
    .filter((c) => c.id !== 'halunken')
    .map((c) => [c.id, presenters[c.id].variantOf(c.options)?.value ?? '', c.seats] as const);
  it.each(inDutch)('a whole game of %s (%s, %i players) in Dutch', async (game, variant, seats) => {
    const { posts, last } = await playInDutch(game, variant, seats, seats * 11);
    expect(last.content).toMatch(/^1\. /m);
    saveTranscript(`dutch-${game}`, posts);
    discord.assertInteractionsHealthy();
  });

  it('a whole game of Halunken & Spelunken: lobby, posts, panels and refusals all in Dutch', async () => {
    const { posts, lobby, last: post, panels } = await playInDutch('halunken', 'beginner', 3, 7);
    expect(post.content).toMatch(/1\. .+ \(\d+ punten\)/);

    // Refusals and private replies speak Dutch too: an outsider asks for a panel and for the rules.
    const outsider = discord.user('dirk', { locale: 'nl' });
    const refused = await outsider.click(post, { prefix: 'panel:' });
    expect(refused.ephemeral).toBe(true);
    expectDutch(refused.message as StoredMessage);
    const rules = await outsider.slash('rules', { options: { game: 'halunken' } });
    // The opening page of the rules, the other sections in a menu.
    expect(rules.messages[0]?.embeds[0]?.description).toBe(nl['rules.halunken'].split('\n## ')[0]?.trim());
    expect(JSON.stringify(rules.messages[0]?.components ?? [])).toContain('Zo beslist de bot in twijfelgevallen');
    saveTranscript('dutch-halunken', [lobby, ...posts], { middleBoard: true });
    saveTranscript('dutch-halunken-panels', panels.slice(0, 60));
    discord.assertInteractionsHealthy();
  });
});
