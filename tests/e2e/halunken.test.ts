import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { saveTranscript } from './transcript.js';
import { playTurnFromPost, type Click } from './panel-turn.js';
import {
  boardPosts,
  choicesOf,
  isBoardPost,
  mentionedUsers,
  nextBoardPost,
  openAndStart,
  playerName,
  randomFrom,
  expectBoardImages,
  resignFrom,
} from './play.js';

const harness = useHarness('halunken', ['anne', 'bart', 'cees', 'dirk']);
let discord: FakeDiscord;

beforeAll(() => ({ discord } = harness));

/** What kind of decision a panel asks for, read from its words. */
function kindOf(panel: StoredMessage): string {
  const text = panel.content;
  if (text.includes('put your captain')) return 'place';
  if (text.includes('put Black Jack on a free space')) return 'placeBlackJack';
  if (text.includes('bid for Black Jack')) return 'auction';
  if (text.includes("Now choose Black Jack's card")) return 'chooseForBlackJack';
  if (text.includes('choose your movement card')) return 'choose';
  if (text.includes('Name its number')) return 'rum';
  if (text.includes('Black Jack passed')) return 'robbery';
  if (text.includes('landed on Black Jack')) return 'harbour';
  if (text.includes('landed on')) return 'landing';
  if (text.includes('robs you')) return 'give';
  return 'unknown';
}

interface RoundClick extends Click {
  /** The round the panel showed when the choice was made. */
  round: number;
}

/**
 * One player's turn through his panel: opens it from the post and, while it says it is his turn,
 * picks one of the offered choices at random. Returns the clicks made.
 */
async function takeTurn(user: SimUser, post: StoredMessage, pick: (n: number) => number, panels: StoredMessage[]): Promise<RoundClick[]> {
  const choose = (panel: StoredMessage) => {
    const choices = choicesOf(panel);
    if (choices.length === 0) return null;
    const choice = choices[pick(choices.length)] as (typeof choices)[number];
    return { ...choice, kind: kindOf(panel), round: Number(/Round (\d+) of 8/.exec(panel.content)?.[1] ?? 0) };
  };
  const { made } = await playTurnFromPost(user, post, { choose, maxSteps: 12 }, panels);
  return made.map(({ kind, label, round }) => ({ kind, label, user, round }));
}

/** Opens a Halunken lobby with the variant for these players and starts it; returns the thread id. */
async function openHalunken(variant: string, players: SimUser[], lobbyText: string): Promise<string> {
  const { lobby, threadId } = await openAndStart(discord, players, { game: 'halunken', variant });
  expect(lobby.content).toContain(lobbyText);
  expect(lobby.content).toContain(`Players (${players.length}/4)`);
  return threadId;
}

/**
 * Plays a whole game by following the posts: whoever a post mentions opens his panel and acts.
 * Checks on the way that nobody's secret movement card shows up anywhere public before the
 * reveal: the reveal of each round names exactly the cards chosen in it.
 */
async function playWholeGame(
  threadId: string,
  players: SimUser[],
  seed: number,
): Promise<{ posts: StoredMessage[]; panels: StoredMessage[]; clicks: RoundClick[] }> {
  const pick = randomFrom(seed);
  const panels: StoredMessage[] = [];
  const clicks: RoundClick[] = [];
  let post = await nextBoardPost(discord, threadId, undefined);
  expect(post.content).toContain('The game begins!');
  for (let turn = 1; !post.content.includes('The game is over'); turn++) {
    if (turn > 600) throw new Error('the game did not end');
    const mentioned = mentionedUsers(post, players);
    expect(mentioned.length, `post mentions a player: ${post.content}`).toBeGreaterThan(0);
    for (const user of mentioned) clicks.push(...(await takeTurn(user, post, pick, panels)));
    post = await nextBoardPost(discord, threadId, post);
  }
  const posts = discord.messages(threadId);
  // The reveal line of each round, in the order of the posts.
  const reveals = new Map<number, string>();
  let round = 0;
  for (const line of posts.flatMap((m) => m.content.split('\n'))) {
    round = Number(/^\*\*Round (\d+) of 8\*\*$/.exec(line)?.[1] ?? round);
    if (line.includes('Cards revealed')) reveals.set(round, line);
  }
  // Each secret card is first named by the reveal of its round, for its owner (or Black Jack).
  const secrets = clicks.filter((c) => c.kind === 'choose' || c.kind === 'chooseForBlackJack');
  for (const click of secrets) {
    const line = reveals.get(click.round) ?? '';
    const card = /(\d+|Rum)/.exec(click.label)?.[1] as string;
    const owner = click.kind === 'chooseForBlackJack' ? 'Black Jack' : playerName(click.user);
    expect(line, `the reveal of round ${click.round}`).toMatch(new RegExp(`${owner} (\\*\\*|~~)${card}(\\*\\*|~~)`));
  }
  expect(secrets.length).toBeGreaterThan(8);
  return { posts, panels, clicks };
}

/** What every game must show: PNG boards, private panels, nothing secret in public, a final ranking. */
function checkGame(posts: StoredMessage[], panels: StoredMessage[], players: SimUser[]): void {
  for (const panel of panels) expect(panel.ephemeral).toBe(true);
  const boards = boardPosts(posts);
  expect(boards.length).toBeGreaterThan(10);
  expectBoardImages(boards);
  for (const message of posts) {
    expect(message.ephemeral).toBe(false);
    // Panel-only words: a player's own secret card and his hand never reach a public message.
    expect(message.content).not.toMatch(/You chose|Your movement cards|It's your turn/);
    // No post is made for a choice that leaves others choosing: no post tells only who has chosen.
    const body = message.content.split('\n').slice(1, -2);
    expect(body.length > 0 && body.every((line) => /has chosen|have chosen/.test(line)), message.content).toBe(false);
  }
  const text = posts.map((m) => m.content).join('\n');
  for (let round = 1; round <= 8; round++) expect(text).toContain(`**Round ${round} of 8**`);
  expect((text.match(/Cards revealed/g) ?? []).length).toBeGreaterThanOrEqual(8);
  const last = boards.at(-1) as StoredMessage;
  expect(last.content).toContain('The game is over');
  // The ranking gives each score by colour, the doubled colour first; no scoring lines repeat it.
  expect(last.content).toMatch(/^1\. . .+ \(\d+ points?\): 2 × \d+ (yellow|grey|violet|red)( \+ \d+ (yellow|grey|violet|red))*$/m);
  expect(last.content).not.toContain('Scoring');
  for (const user of players) expect(last.content).toContain(playerName(user));
}

const count = (clicks: RoundClick[], kind: string) => clicks.filter((c) => c.kind === kind).length;

describe('Halunken & Spelunken through Discord', () => {
  it('three players play a whole beginner game by clicking what the bot shows them', async () => {
    const players = harness.users.slice(0, 3);
    const threadId = await openHalunken('beginner', players, '**Halunken & Spelunken** (Beginner)');
    const { posts, panels, clicks } = await playWholeGame(threadId, players, 3);
    saveTranscript('halunken-beginner', posts, { middleBoard: true });
    saveTranscript(
      'halunken-beginner-panels',
      [...new Map(panels.map((m) => [m.id, m])).values()].flatMap((m) => [...m.edits.map((e) => ({ ...e, ephemeral: m.ephemeral })), m]).slice(0, 150),
    );
    checkGame(posts, panels, players);
    expect(count(clicks, 'place')).toBe(3);
    expect(count(clicks, 'choose')).toBeGreaterThanOrEqual(8 * 3 - 3); // the last card of the round is played by itself
    expect(clicks.some((c) => c.kind !== 'place' && c.kind !== 'choose' && c.kind !== 'unknown')).toBe(true);
    expect(clicks.filter((c) => c.kind === 'unknown')).toEqual([]);
    // The finished game's panel shows the result and offers nothing but Refresh.
    const finalPanel = await (players[0] as SimUser).click(posts.filter(isBoardPost).at(-1) as StoredMessage, { prefix: 'panel:' });
    expect(finalPanel.ephemeral).toBe(true);
    expect(finalPanel.content).toMatch(/The game is over\. Final score: Anne \d+, Bart \d+, Cees \d+\./);
    expect(buttonsOf(finalPanel.message as StoredMessage).map((b) => b.label)).toEqual(['Refresh']);
    expect(harness.bot.output.join('\n')).not.toContain(harness.token);
    discord.assertInteractionsHealthy();
  });

  it('four players play a whole standard game with Black Jack', async () => {
    const players = harness.users.slice(0, 4);
    const threadId = await openHalunken('standard', players, '**Halunken & Spelunken** (Standard)');
    const { posts, panels, clicks } = await playWholeGame(threadId, players, 4);
    saveTranscript('halunken-standard', posts, { middleBoard: true });
    checkGame(posts, panels, players);
    const text = posts.map((m) => m.content).join('\n');
    expect(count(clicks, 'placeBlackJack')).toBe(1);
    expect(count(clicks, 'auction')).toBeGreaterThanOrEqual(8);
    expect(text).toMatch(/Black Jack turns up his \d+ and goes from tavern \d+ to tavern \d+/);
    expect(text).toMatch(/hires Black Jack|Nobody hires Black Jack/);
    expect(clicks.filter((c) => c.kind === 'unknown')).toEqual([]);
    discord.assertInteractionsHealthy();
  });

  it('two players play the two-player game: the hirer chooses for Black Jack too', async () => {
    const players = harness.users.slice(0, 2);
    const threadId = await openHalunken('standard', players, '**Halunken & Spelunken** (Standard)');
    const { posts, panels, clicks } = await playWholeGame(threadId, players, 2);
    saveTranscript('halunken-two-player', posts, { middleBoard: true });
    checkGame(posts, panels, players);
    expect(count(clicks, 'auction')).toBeGreaterThanOrEqual(8);
    expect(count(clicks, 'chooseForBlackJack')).toBeGreaterThanOrEqual(1);
    expect(clicks.filter((c) => c.kind === 'unknown')).toEqual([]);
    discord.assertInteractionsHealthy();
  });

  it('offers the variants, explains the rules privately, and goes on when a player resigns', async () => {
    const [anne, bart, cees] = harness.users;
    const variants = await anne.autocomplete('game', { subcommand: 'new', options: { game: 'halunken', variant: '' }, focused: 'variant' });
    expect(variants.choices?.map((c) => c.value)).toEqual(['standard', 'beginner', 'standard-long', 'beginner-long']);
    const rules = await bart.slash('rules', { options: { game: 'halunken' } });
    expect(rules.ephemeral).toBe(true);
    // The rules in sections: the opening page, the others in a menu.
    expect(JSON.stringify(rules.message?.embeds ?? [])).not.toContain('## ');
    for (const title of ['Setup', 'A round', 'Scoring', 'Black Jack (standard game)', 'Two players', 'How this bot decides unclear cases']) {
      expect(JSON.stringify(rules.message?.components ?? [])).toContain(title);
    }

    // A long beginner game for three: the lobby says how many it needs; one player leaves.
    const lobby = await anne.slash('game', { subcommand: 'new', options: { game: 'halunken', variant: 'beginner-long' } });
    expect(lobby.message?.content).toContain('(Beginner, long game)');
    expect(lobby.message?.content).toContain('Needs 3 or 4 players');
    const threadId = await openHalunken('standard-long', [anne, bart, cees], '(Standard, long game)');
    const first = await nextBoardPost(discord, threadId, undefined);
    const [placer] = mentionedUsers(first, [anne, bart, cees]) as [SimUser];
    const waiting = await (placer === anne ? bart : anne).click(first, { prefix: 'panel:' });
    expect(waiting.content).toMatch(/^⏳ .+ places a captain\.$/m);
    const resigned = await resignFrom(cees, threadId);
    expect(resigned.ephemeral).toBe(true);
    const after = await nextBoardPost(discord, threadId, first);
    expect(after.content).toMatch(/Cees is out of the game/);
    expect(after.content).not.toContain('The game is over');

    // Bart leaves too: Anne wins because the others left, and every text says so.
    await resignFrom(bart, threadId);
    const last = await nextBoardPost(discord, threadId, after);
    expect(last.content).toContain('Bart is out of the game');
    expect(last.content).toContain('Only Anne is still playing: the long game ends here, and game 1 is scored as it stands.');
    expect(last.content).toContain('The game is over');
    expect(last.content).toMatch(/^1\. . Anne \(\d+ points?\): \d+ in game 1 \(.+\)$/m);
    expect(last.content).toMatch(/^[23]\. . Bart \(0 points, resigned\)$/m);
    expect(last.content).not.toMatch(/Scoring|round 8/i);
    const final = await anne.click(last, { prefix: 'panel:' });
    expect(final.content).toMatch(/The game is over: everyone else left\. Final score: Anne \d+, Bart 0 \(left\), Cees 0 \(left\)\./);
    discord.assertInteractionsHealthy();
  });
});
