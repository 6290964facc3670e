import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { nl } from '../../src/i18n/nl.js';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { boardPosts, choicesOf, expectBoardImages, makeChoice, nextBoardPost, openAndStart, randomFrom, resignFrom } from './play.js';

/**
 * Names are text: members whose nicknames hold a masked link, a code fence and a bidirectional
 * override play a game, and every message shows their names escaped and cleaned.
 */

// The nickname; longer than Discord's 32 characters, so it is shown cut.
const LINK_NICK = '[Free Nitro](https://evil.example) ```';
const LINK_SHOWN = '\\[Free Nitro\\](https://evil.examp…';
// A right-to-left override and a zero-width space hiding a code fence.
const BIDI_NICK = '\u202Egnp.exe\u200B ```js';
const BIDI_SHOWN = 'gnp.exe \\`\\`\\`js';

let discord: FakeDiscord;
let mallory: SimUser;
let eve: SimUser;

const harness = useHarness('names', []);

beforeAll(() => {
  discord = harness.discord;
  mallory = discord.user('mallory', { nick: LINK_NICK });
  eve = discord.user('eve', { nick: BIDI_NICK });
});

/** No raw Markdown of the names, no invisible character: what the bot wrote shows the names as typed. */
function expectNamesEscaped(text: string): void {
  expect(text).not.toMatch(/(^|[^\\])\[Free Nitro/);
  expect(text).not.toContain('```');
  expect(text).not.toMatch(/\p{Cf}/u);
}

describe.each([
  ['en', en],
  ['nl', nl],
] as const)('names in a game in %s', (language, t) => {
  it('are escaped in the posts, the panels, /games, the final post and the lobby, and boards are drawn', async () => {
    const { lobby, threadId } = await openAndStart(
      discord,
      [mallory, eve],
      { game: 'cartagena', variant: 'jamaica', language },
      { join: t['lobby.join'], start: t['lobby.start'] },
    );
    const pick = randomFrom(23);
    const panels: StoredMessage[] = [];
    let post = await nextBoardPost(discord, threadId, undefined);
    for (let turn = 0; turn < 4; turn++) {
      // Panels are opened until the player to move is found (the one before him sees him waited for); his turn makes a new post.
      for (const user of turn % 2 === 0 ? [mallory, eve] : [eve, mallory]) {
        // Copies as answered: a live panel is edited later, as the game moves on.
        let panel = (await user.click(post, { prefix: 'panel:' })).message as StoredMessage;
        panels.push({ ...panel });
        if (choicesOf(panel).length === 0) continue;
        for (let step = 0; step < 8 && choicesOf(panel).length > 0; step++) {
          const choices = choicesOf(panel);
          panel = (await makeChoice(user, panel, choices[pick(choices.length)] as (typeof choices)[number])).message as StoredMessage;
          panels.push({ ...panel });
        }
        break;
      }
      post = await nextBoardPost(discord, threadId, post);
    }

    // Whoever waits sees the other's name in /games and in his panel.
    const games = await mallory.slash('games');
    const overview = [...games.messages.map((m) => m.content), ...panels.map((p) => p.content)].join('\n');
    expect(overview).toContain(BIDI_SHOWN);
    expect([...panels.map((p) => p.content), (await eve.slash('games')).messages.map((m) => m.content)].join('\n')).toContain(LINK_SHOWN);

    await resignFrom(eve, threadId);
    const last = await discord.waitForMessage((m) => m.channelId === threadId && m.content.includes(t['post.game-over']));
    expect(last.content).toContain(LINK_SHOWN);
    expect(last.content).toContain(BIDI_SHOWN);

    const thread = discord.messages(threadId);
    const posts = thread.map((m) => m.content).join('\n');
    expect(posts).toContain(LINK_SHOWN);
    expect(posts).toContain(BIDI_SHOWN);
    const endedLobby = await discord.waitForMessage((m) => m.id === lobby.id && m.content.includes(LINK_SHOWN));
    for (const text of [posts, overview, endedLobby.content]) expectNamesEscaped(text);
    for (const label of [...panels, ...thread].flatMap(labelsOf)) expect(label).not.toMatch(/\p{Cf}|\\\\/u);

    // The boards drew the cleaned names: every post that needs one carries its image.
    expect(boardPosts(thread).length).toBeGreaterThan(4);
    expectBoardImages(boardPosts(thread));
    expect(harness.bot.logs().filter((l) => Number(l.level) >= 50)).toEqual([]);
    discord.assertInteractionsHealthy();
  });
});

/** The labels of a message's buttons and select options (in JSON): written literally, so cleaned but never escaped. */
function labelsOf(message: StoredMessage): string[] {
  return JSON.stringify(message.components).match(/"(label|description|placeholder)":"([^"\\]|\\.)*"/g) ?? [];
}
