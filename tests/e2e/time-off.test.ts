/**
 * Time off through Discord: a player away for two days sees his deadline move, the others see why
 * in the thread, in the posts and in /games (in English and Dutch), he ends it early and has his
 * time back; and the other players of a game agree to let the bot play for a player away.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimUser, StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { choicesOf, gameNumber, makeChoice, mentionedUsers, nextBoardPost, openAndStart, randomFrom } from './play.js';
import { saveTranscript } from './transcript.js';
import { inDatabase } from './database-access.js';

const DAY = 86_400_000;
const harness = useHarness('time-off', ['anne', 'bob', { username: 'carl', locale: 'nl' }]);
let anne: SimUser;
let bob: SimUser;
let carl: SimUser;

beforeAll(() => ([anne, bob, carl] = harness.users));

/** A stored game's deadline, and the origins of its logged moves. */
function stored(id: number): { deadlineAt: number | null; origins: string[] } {
  return inDatabase(harness.databasePath, (db) => {
    const { deadline_at: deadlineAt } = db.prepare('SELECT deadline_at FROM games WHERE id = ?').get(id) as { deadline_at: number | null };
    const origins = (db.prepare('SELECT origin FROM actions WHERE game_id = ? ORDER BY seq').all(id) as { origin: string }[]).map((r) => r.origin);
    return { deadlineAt, origins };
  });
}

/** Plays a turn from the panel opened on `post` with random choices, in any language: until the panel offers none. */
async function playAnyTurn(player: SimUser, post: StoredMessage, pick: (n: number) => number): Promise<void> {
  let panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
  for (let step = 0; step < 8; step++) {
    const choices = choicesOf(panel);
    const choice = choices[pick(choices.length)];
    if (!choice) return;
    panel = (await makeChoice(player, panel, choice)).message as StoredMessage;
  }
}

/** The moments (ms) of the Discord timestamps in a text, in order. */
const stamps = (text: string) => [...text.matchAll(/<t:(\d+):[fR]>/g)].map((m) => Number(m[1]) * 1000);

/** The first notice in a thread, after `after`, that contains `text`. */
const noticeWith = (threadId: string, text: string, after = 0) =>
  harness.discord.waitFor(() => harness.discord.messages(threadId).find((m) => m.createdAt > after && m.content.includes(text)) ?? null, {
    what: `a notice with "${text}"`,
    timeoutMs: 10_000,
  });

describe('time off', () => {
  it('a player away two days sees his deadline move and the others see why; back early, he has his time again', async () => {
    const { threadId } = await openAndStart(harness.discord, [anne, carl], { game: 'shanghaien' });
    let post = await nextBoardPost(harness.discord, threadId, undefined);
    const id = gameNumber(post);
    const [mover] = mentionedUsers(post, [anne, carl]) as [SimUser];
    const away = mover === anne ? carl : anne;
    // The player not to move goes away: that game does not wait for him yet, so nothing moves.
    const before = stored(id).deadlineAt as number;
    const started = await away.slash('away', { subcommand: 'start', options: { days: 2, reason: 'Skiën in [Oostenrijk](https://x.example)' } });
    expect(started.ephemeral).toBe(true);
    expect(started.content).toMatch(
      away === carl
        ? /^🏖️ Je bent afwezig tot <t:\d+:f> \(<t:\d+:R>\)\. .*\nVrije dagen over binnen deze 30 dagen: 12\.$/s
        : /^🏖️ You are away until <t:\d+:f> \(<t:\d+:R>\)\..*\nTime off left within these 30 days: 12 days\.$/s,
    );
    const until = stamps(started.content)[0] as number;
    expect(Math.abs(until - (Date.now() + 2 * DAY))).toBeLessThan(60_000);
    const notice = await noticeWith(threadId, 'is away until');
    // The reason as typed, its Markdown shown rather than followed; the game's language (English).
    expect(notice.content).toContain(`🏖️ <@${away.id}> is away until <t:${until / 1000}:f>: “Skiën in \\[Oostenrijk\\](https://x.example)”`);
    expect(notice.content).toContain('The other players can let the bot play for them meanwhile: /game stand-in.');
    expect(notice.pinged).toEqual([]);
    expect(stored(id).deadlineAt).toBe(before);
    // The mover plays; the next wait is for the player away: it begins when he is back, with the whole two days.
    await playAnyTurn(mover, post, randomFrom(1));
    post = await nextBoardPost(harness.discord, threadId, post);
    if (mentionedUsers(post, [anne, carl])[0] === mover) throw new Error('the turn did not pass');
    const held = stored(id).deadlineAt as number;
    expect(Math.floor(held / 1000) * 1000).toBe(until + 2 * DAY);
    expect(post.content).toContain(`🏖️ <@${away.id}> is away until <t:${until / 1000}:f>.`);
    expect(post.content).toContain(`Move by <t:${Math.floor(held / 1000)}:f>`);
    // Named, but nobody on holiday is pinged.
    expect(post.pinged).not.toContain(away.id);

    // /games says why the game waits: to the other player, and to the one away, in their languages.
    const others = await mover.slash('games');
    expect(others.content).toMatch(mover === carl ? /is afwezig tot <t:\d+:f>\)/ : /is away until <t:\d+:f>\)/);
    const his = await away.slash('games');
    expect(his.content.split('\n')[0]).toBe(
      away === carl
        ? `🏖️ Je bent afwezig tot <t:${until / 1000}:f>; gebruik /afwezig einde als je terug bent.`
        : `🏖️ You are away until <t:${until / 1000}:f>; use /away end when you are back.`,
    );
    expect(his.content).toContain(`<t:${Math.floor(held / 1000)}:R>`);

    // Back after a few minutes instead of two days: his wait has its two days from now, and the thread hears it.
    const ended = await away.slash('away', { subcommand: 'end' });
    expect(ended.content).toMatch(away === carl ? /^Welkom terug!/ : /^Welcome back!/);
    const back = stored(id).deadlineAt as number;
    expect(Math.abs(back - (Date.now() + 2 * DAY))).toBeLessThan(60_000);
    const backNotice = await noticeWith(threadId, 'is back', notice.createdAt);
    expect(backNotice.content).toBe(
      `🏖️ <@${away.id}> is back.\nThe move waiting for them is now due <t:${Math.floor(back / 1000)}:f> (<t:${Math.floor(back / 1000)}:R>).`,
    );
    expect((await away.slash('away', { subcommand: 'end' })).content).toMatch(/You are not away|Je bent niet afwezig/);
    // More than the server allows within 30 days (14 by default: two are taken), and values no client sends.
    // A time off ended early counts as long as it lasted, in whole days: one.
    expect((await away.slash('away', { subcommand: 'start', options: { days: 14 } })).content).toMatch(
      /at most 14 days in any 30 days.*You can take 13 more|hooguit 14 dagen per 30 dagen.*Je kunt er nog 13 nemen/,
    );
    expect((await anne.slash('away', { subcommand: 'start', options: { days: 99 }, unchecked: true })).content).toMatch(/That value for "days" is not valid/);
    saveTranscript('time-off', harness.discord.messages(threadId));
    harness.discord.assertInteractionsHealthy();
  });

  it('the other players agree to let the bot play for a player away, and it moves for him until he is back', async () => {
    const { threadId } = await openAndStart(harness.discord, [anne, bob, carl], { game: 'cartagena', variant: 'jamaica' });
    let post = await nextBoardPost(harness.discord, threadId, undefined);
    const id = gameNumber(post);
    const [away] = mentionedUsers(post, [anne, bob, carl]) as [SimUser];
    const [first, second] = [anne, bob, carl].filter((u) => u !== away) as [SimUser, SimUser];
    const says = (user: SimUser, en: string | RegExp, nl: string | RegExp) => (user === carl ? nl : en);
    expect((await first.slash('game', { subcommand: 'stand-in', channelId: threadId })).content).toMatch(
      says(first, /Nobody in this game is away/, /Niemand in dit spel is afwezig/),
    );
    await away.slash('away', { subcommand: 'start', options: { days: 3 } });
    const since = (await noticeWith(threadId, 'is away until')).createdAt;
    expect((await away.slash('game', { subcommand: 'stand-in', channelId: threadId })).content).toMatch(
      says(away, /You are the one away/, /Jij bent degene die afwezig is/),
    );
    // Outside the game's thread it needs the game's number, and a game of another server is none.
    expect((await first.slash('game', { subcommand: 'stand-in' })).content).toMatch(says(first, /There is no game of yours here/, /\/spellen/));
    expect((await first.slash('game', { subcommand: 'stand-in', options: { id: 999_999 } })).content).toMatch(
      says(first, /There is no game of yours here/, /\/spellen/),
    );
    // One agrees: the thread (in the game's language) asks the other.
    const agreed = await first.slash('game', { subcommand: 'stand-in', channelId: threadId });
    expect(agreed.content).toBe(
      says(
        first,
        'You agreed. The bot plays once the other players agree too.',
        'Je stemt ermee in. De bot gaat spelen zodra de andere spelers ook instemmen.',
      ),
    );
    const asking = await noticeWith(threadId, 'agrees to let the bot play', since);
    expect(asking.content).toBe(
      `🤖 <@${first.id}> agrees to let the bot play for <@${away.id}> until they are back. Still needed: <@${second.id}>. Each of them can agree with /game stand-in.`,
    );
    expect(asking.pinged).toEqual([second.id]);
    expect((await first.slash('game', { subcommand: 'stand-in', channelId: threadId })).content).toMatch(
      says(first, /You have already agreed/, /Je hebt al ingestemd/),
    );
    expect(stored(id).origins).toEqual([]);
    // The other agrees: the bot plays the turn that waited, and says so in the post.
    expect((await second.slash('game', { subcommand: 'stand-in', channelId: threadId })).content).toBe(
      says(second, `Done: the bot plays for <@${away.id}> until they are back.`, `Geregeld: de bot speelt voor <@${away.id}> tot die terug is.`),
    );
    expect((await noticeWith(threadId, 'Agreed: the bot plays for', since)).content).toMatch(
      new RegExp(`^🤖 Agreed: the bot plays for <@${away.id}> until <t:\\d+:f>\\.$`),
    );
    post = await nextBoardPost(harness.discord, threadId, post);
    expect(post.content).toContain(`🤖 The bot moved for`);
    expect(new Set(stored(id).origins)).toEqual(new Set(['stand-in']));
    // Play on a few turns: the bot keeps moving for him, and he is never asked to.
    const pick = randomFrom(3);
    for (let turn = 0; turn < 4 && !post.content.includes('The game is over'); turn++) {
      const [next] = mentionedUsers(post, [anne, bob, carl]);
      expect(next).not.toBe(away);
      expect(post.pinged).not.toContain(away.id);
      if (next) await playAnyTurn(next, post, pick);
      post = await nextBoardPost(harness.discord, threadId, post);
    }
    expect(stored(id).origins.filter((o) => o === 'stand-in').length).toBeGreaterThan(1);
    expect(stored(id).origins).not.toContain('timeout');
    saveTranscript('stand-in', harness.discord.messages(threadId));
    harness.discord.assertInteractionsHealthy();
  });
});
