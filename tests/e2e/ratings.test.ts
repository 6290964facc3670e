/**
 * Ratings through Discord: games between people and bots move everyone's rating as openskill
 * predicts (worked out here from the stored results, with the rules the README gives: whoever left
 * is last, a bot is rated by its level), /leaderboard and /profile (with its chart) show them in
 * English and in Dutch.
 */
import { ordinal, rate, rating, type Rating } from 'openskill';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPng, pngSize, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { nextBoardPost, openAndStart, playAgainstBots, randomFrom, resignFrom } from './play.js';
import { saveArtifact } from '../support/png.js';
import { durationText } from '../../src/discord/duration.js';
import { isServiceAction } from '../../src/service/action-log.js';
import { inDatabase } from './database-access.js';
import { RATING_START, shownRating } from '../../src/service/rating-math.js';

const harness = useHarness('ratings', ['anne', 'bob', { username: 'carl', locale: 'nl' }]);
let anne: SimUser;
let bob: SimUser;
let carl: SimUser;

beforeAll(() => ([anne, bob, carl] = harness.users));

/** Every rating, worked out from the stored games in the order they finished. */
function expectedRatings(): Map<string, { rating: Rating; played: number }> {
  return inDatabase(harness.databasePath, (db) => {
    const finished = db.prepare(`SELECT id, game_id AS gameId, result FROM games WHERE status = 'finished' ORDER BY finished_at, id`).all() as {
      id: number;
      gameId: string;
      result: string;
    }[];
    const seatsOf = db.prepare('SELECT seat, user_id AS userId, bot_level AS botLevel, resigned FROM seats WHERE game_id = ? ORDER BY seat');
    const ratings = new Map<string, { rating: Rating; played: number }>();
    for (const game of finished) {
      const seats = seatsOf.all(game.id) as { seat: number; userId: string; botLevel: string | null; resigned: number }[];
      const left = new Set(seats.filter((s) => s.resigned).map((s) => s.seat));
      const ranking = (JSON.parse(game.result) as { ranking: number[][] }).ranking;
      // Those who stayed, in the game's order, then those who left.
      const groups = [...ranking.map((g) => g.filter((s) => !left.has(s))), ...ranking.map((g) => g.filter((s) => left.has(s)))].filter((g) => g.length > 0);
      const place = new Map<number, number>();
      let before = 0;
      for (const group of groups) {
        for (const seat of group) place.set(seat, before + 1);
        before += group.length;
      }
      const keys = seats.map((s) => `${game.gameId}/${s.botLevel ? `bot:${s.botLevel}` : s.userId}`);
      const rated = rate(
        keys.map((k) => [ratings.get(k)?.rating ?? rating()]),
        { rank: seats.map((s) => place.get(s.seat) as number) },
      );
      keys.forEach((k, i) => ratings.set(k, { rating: (rated[i] as Rating[])[0] as Rating, played: (ratings.get(k)?.played ?? 0) + 1 }));
    }
    return ratings;
  });
}

/** A person's mean time per move in a game, worked out from the stored moves: each of his own from the move before it. */
function expectedPace(userId: string, gameId: string): number {
  return inDatabase(harness.databasePath, (db) => {
    const rows = db
      .prepare(
        `SELECT a.game_id AS game, a.seq, a.seat, a.origin, a.undone, a.action, a.created_at AS at, s.user_id AS userId
         FROM actions a JOIN games g ON g.id = a.game_id JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat
         WHERE g.status = 'finished' AND g.game_id = ? ORDER BY a.game_id, a.seq`,
      )
      .all(gameId) as { game: number; seq: number; origin: string; undone: number; action: string; at: number; userId: string }[];
    const times = rows.flatMap((row, i) => {
      const before = rows[i - 1];
      const own = row.userId === userId && row.origin === 'player' && !row.undone && !isServiceAction(JSON.parse(row.action));
      return own && before?.game === row.game ? [row.at - before.at] : [];
    });
    return times.reduce((a, b) => a + b, 0) / times.length;
  });
}

const shown = (r: { rating: Rating } | undefined) => shownRating(ordinal(r?.rating as Rating));

/** A change as the posts sign it: "+20", "−5". */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '±0');

/** The lines a leaderboard gives, best first: [who, rating, played]. */
function leaderboardLines(content: string): [string, number, number][] {
  return [...content.matchAll(/^\d+\. (.+?): rating \*\*(\d+)\*\* \((\d+) (?:played|gespeeld)\)$/gm)].map((m) => [m[1] as string, Number(m[2]), Number(m[3])]);
}

/** Opens a Shanghaien game of `host` against one bot of `level`, started; its thread. */
async function againstBot(host: SimUser, level: string): Promise<string> {
  const opened = await host.slash('game', { subcommand: 'new', options: { game: 'shanghaien', bots: 1, bot_level: level } });
  const started = await host.click(opened.message as StoredMessage, { label: 'Start' });
  return (await harness.discord.waitForThread((th) => th.id === started.message?.id)).id;
}

describe('ratings', () => {
  it('games between people and bots move the ratings as openskill predicts, with whoever left ranked last', async () => {
    // Anne plays a whole game against an easy bot.
    const played = await playAgainstBots(harness.discord, anne, await againstBot(anne, 'easy'), randomFrom(5));
    expect(played.content).toContain('The game is over');
    // Bob gives up against a hard bot, and against Anne.
    const bobsThread = await againstBot(bob, 'hard');
    await nextBoardPost(harness.discord, bobsThread, undefined);
    expect((await resignFrom(bob, bobsThread)).content).toMatch(/You left the game/);
    const { threadId } = await openAndStart(harness.discord, [anne, bob], { game: 'shanghaien' });
    await nextBoardPost(harness.discord, threadId, undefined);
    await resignFrom(bob, threadId);
    // A Cartagena table of three: Carl and Bob leave, Anne wins.
    const cartagena = await openAndStart(harness.discord, [anne, bob, carl], { game: 'cartagena', variant: 'jamaica' }, { join: 'Join', start: 'Start' });
    await nextBoardPost(harness.discord, cartagena.threadId, undefined);
    await resignFrom(carl, cartagena.threadId);
    await resignFrom(bob, cartagena.threadId);
    const over = await harness.discord.waitFor(() => harness.discord.messages(cartagena.threadId).find((m) => m.content.includes('The game is over')) ?? null, {
      what: 'the end of the Cartagena game',
    });

    const expected = expectedRatings();
    // The final post tells each person's new rating and its change (their first Cartagena game: from where everyone starts).
    const line = over.content.split('\n').find((l) => l.startsWith('Ratings: ')) as string;
    const told = line
      .slice('Ratings: '.length)
      .split(', ')
      .map((part) => / (\d+) \((\S+)\)$/.exec(part)?.slice(1));
    const moves = [anne, bob, carl].map((u) => shown(expected.get(`cartagena/${u.id}`))).map((after) => [String(after), signed(after - RATING_START)]);
    expect(told).toHaveLength(3);
    expect(told).toEqual(expect.arrayContaining(moves));
    expect(over.content).not.toMatch(/-\d/);
    // Anne's first game, against the easy bot: hers alone (the bot's not told), from where everyone starts.
    const [, after, change] = /^Ratings: \S+ (\d+) \(([+−]\d+)\)$/m.exec(played.content) ?? [];
    expect(Number(after)).toBe(RATING_START + Number(change?.replace('−', '-')));
    const board = await anne.slash('leaderboard', { options: { game: 'shanghaien' } });
    expect(board.ephemeral).toBe(true);
    const people = [...expected.entries()]
      .filter(([k]) => k.startsWith('shanghaien/') && !k.includes('bot:'))
      .sort((a, b) => ordinal(b[1].rating) - ordinal(a[1].rating));
    expect(leaderboardLines(board.content)).toEqual(people.map(([k, r]) => [`<@${k.split('/')[1]}>`, shown(r), r.played]));
    expect(board.content).toMatch(/^\*\*Shanghaien\*\*: the best players of this server by rating\n/);
    expect(board.content.split('\n').at(-1)).toMatch(/^-# A rating is a cautious estimate of skill/);
    // With the bots: one player per level.
    const withBots = await anne.slash('leaderboard', { options: { game: 'shanghaien', with_bots: true } });
    const bots = leaderboardLines(withBots.content).filter(([who]) => who.startsWith('Bot ('));
    // Equal ratings are listed by id: 'bot:easy' before 'bot:hard'.
    const levels = (['easy', 'hard'] as const)
      .map((level) => ({ level, r: expected.get(`shanghaien/bot:${level}`) }))
      .sort((a, b) => ordinal(b.r?.rating as Rating) - ordinal(a.r?.rating as Rating));
    expect(bots).toEqual(levels.map(({ level, r }) => [`Bot (${level})`, shown(r), 1]));
    // In Dutch, for Carl, who never played Shanghaien: the list, and how to get a rating.
    const dutch = await carl.slash('leaderboard', { options: { game: 'shanghaien' } });
    expect(dutch.content).toMatch(/^\*\*Shanghaien\*\*: de beste spelers van deze server op rating\n/);
    expect(leaderboardLines(dutch.content)).toEqual(leaderboardLines(board.content));
    expect(dutch.content).toContain('Je hebt nog geen rating in Shanghaien: speel een potje uit om er een te krijgen.');
    const cartagenaBoard = leaderboardLines((await carl.slash('leaderboard', { options: { game: 'cartagena' } })).content);
    const byRating = [anne, bob, carl]
      .map((u) => ({ who: `<@${u.id}>`, r: expected.get(`cartagena/${u.id}`) }))
      .sort((a, b) => ordinal(b.r?.rating as Rating) - ordinal(a.r?.rating as Rating));
    expect(cartagenaBoard).toEqual(byRating.map(({ who, r }) => [who, shown(r), 1]));
    expect(cartagenaBoard[0]?.[0]).toBe(`<@${anne.id}>`);
    harness.discord.assertInteractionsHealthy();
  });

  it("/profile shows each game's rating and trend, the last results with links, the players met most and a chart, in English and Dutch", async () => {
    const expected = expectedRatings();
    const mine = await anne.slash('profile');
    expect(mine.ephemeral).toBe(true);
    const lines = mine.content.split('\n');
    expect(lines[0]).toBe(`**Profile of <@${anne.id}>** in this server`);
    // Her own moves' mean time, as the stored moves give it.
    const pace = durationText(expectedPace(anne.id, 'shanghaien'), 'en').replace('.', '\\.');
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^• \\*\\*Shanghaien\\*\\*: rating \\*\\*${shown(expected.get(`shanghaien/${anne.id}`))}\\*\\* \\((▲|▼) \\d+ over the last 2 games|unchanged over the last 2 games\\), 2 played, [12] won, average place 1\\.\\d\\d, about ${pace} per move$`,
        ),
      ),
    );
    expect(lines).toContainEqual(
      `• **Cartagena**: rating **${shown(expected.get(`cartagena/${anne.id}`))}** (after a first game), 1 played, 1 won, average place 1.00`,
    );
    // The last results, newest first, each linking to its game's thread.
    const results = lines.slice(lines.indexOf('**Last results**') + 1, lines.indexOf('**Met most**'));
    expect(results).toHaveLength(3);
    expect(results[0]).toMatch(
      new RegExp(
        `^• \\[Cartagena #\\d+\\]\\(https://discord\\.com/channels/${harness.discord.guild.id}/${cartagena()}\\) <t:\\d+:d>: place 1 of 3, rating \\+\\d+$`,
      ),
    );
    expect(results[1]).toMatch(/^• \[Shanghaien #\d+\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\) <t:\d+:d>: place 1 of 2, rating \+\d+$/);
    // Bob was met twice (and beaten twice), Carl and the easy bot once.
    const met = lines.slice(lines.indexOf('**Met most**') + 1, -1);
    expect(met[0]).toBe(`• <@${bob.id}>: 2 games together, ahead 2, behind 0, level 0`);
    expect(met).toHaveLength(3);
    expect(met).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^• Bot \(easy\): 1 game together, ahead [01], behind [01], level 0$/),
        `• <@${carl.id}>: 1 game together, ahead 1, behind 0, level 0`,
      ]),
    );
    // The chart: a PNG drawn to be read at half size in the chat, described for screen readers.
    const chart = mine.message?.attachments[0];
    expect(isPng(chart?.bytes as Buffer)).toBe(true);
    expect(pngSize(chart?.bytes as Buffer)).toEqual({ width: 1100, height: 560 });
    expect(chart?.description).toMatch(
      /^Chart of the rating of Anne over time: Shanghaien from 1000 to \d+ over 2 games; Cartagena from 1000 to \d+ over 1 game\.$/,
    );
    saveArtifact('profile-chart-en', chart?.bytes as Buffer);

    // Carl asks in Dutch about himself, and about Bob's Cartagena alone.
    const his = await carl.slash('profile');
    expect(his.content).toMatch(
      new RegExp(
        `^\\*\\*Profiel van <@${carl.id}>\\*\\* in deze server\\n• \\*\\*Cartagena\\*\\*: rating \\*\\*\\d+\\*\\* \\(na een eerste potje\\), 1 gespeeld, 0 gewonnen, gemiddelde plaats [23],00\\n\\*\\*Laatste uitslagen\\*\\*\\n• \\[Cartagena #\\d+\\]`,
      ),
    );
    expect(his.content).toContain('**Vaakst tegengekomen**');
    expect(his.content).toMatch(/keer voor, \d+ keer achter, \d+ keer gelijk/);
    expect(his.message?.attachments[0]?.description).toMatch(/^Grafiek van de rating van (carl|Carl) door de tijd: Cartagena van 1000 naar \d+ in 1 potje\.$/);
    saveArtifact('profile-chart-nl', his.message?.attachments[0]?.bytes as Buffer);
    const bobs = await carl.slash('profile', { options: { user: bob.id, game: 'cartagena' } });
    expect(bobs.content.split('\n').filter((l) => l.startsWith('• **'))).toEqual([expect.stringMatching(/^• \*\*Cartagena\*\*: rating/)]);
    // Someone who never finished a game here, and a game that does not exist.
    expect((await carl.slash('profile', { options: { user: harness.discord.user('dora').id } })).content).toMatch(
      /heeft nog geen uitgespeelde spellen in deze server/,
    );
    const forged = await anne.slash('profile', { options: { game: 'constructor' }, unchecked: true });
    expect(forged.ephemeral).toBe(true);
    expect(forged.content).toMatch(/I do not know that game/);
    harness.discord.assertInteractionsHealthy();
  });
  it('a server shares its ratings with other servers only when a manager turns it on, and then shows the shared ones on request', async () => {
    const refused = await carl.slash('leaderboard', { options: { game: 'shanghaien', everywhere: true } });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe(
      'Deze server deelt zijn ratings niet met andere servers. Een lid met Server beheren kan dat aanzetten met `/instellingen gedeelde-ratings`.',
    );
    expect((await carl.slash('settings', { subcommand: 'shared-ratings', options: { share: true } })).content).toMatch(
      /Alleen leden met de machtiging Server beheren/,
    );
    const admin = harness.discord.user('harbourmaster', { manageGuild: true });
    const shared = await admin.slash('settings', { subcommand: 'shared-ratings', options: { share: true } });
    expect(shared.content).toBe(
      "✅ Ratings: this server's own only (not shared with other servers) → per server, and this server's games also count in the ratings shared between servers (`/leaderboard everywhere:True`)",
    );
    // Games finished from now on count in the shared ratings too.
    const played = await playAgainstBots(harness.discord, anne, await againstBot(anne, 'easy'), randomFrom(7));
    expect(played.content).toContain('The game is over');
    const board = await anne.slash('leaderboard', { options: { game: 'shanghaien', everywhere: true } });
    expect(board.content).toMatch(/^\*\*Shanghaien\*\*: the best players of every server that shares its ratings\n/);
    expect(leaderboardLines(board.content)).toEqual([[`<@${anne.id}>`, expect.any(Number), 1]]);
    const profile = await anne.slash('profile', { options: { everywhere: true } });
    expect(profile.content.split('\n').slice(0, 2)).toEqual([
      `**Profile of <@${anne.id}>** in the ratings shared between servers`,
      expect.stringMatching(/^• \*\*Shanghaien\*\*: rating \*\*\d+\*\* \(after a first game\), 1 played$/),
    ]);
    // This server's own ratings counted the game as well.
    expect(leaderboardLines((await anne.slash('leaderboard', { options: { game: 'shanghaien' } })).content).find(([who]) => who === `<@${anne.id}>`)?.[2]).toBe(
      3,
    );
    harness.discord.assertInteractionsHealthy();
  });
});

/** The thread of the Cartagena game the first test played. */
function cartagena(): string {
  return harness.discord.threads().find((th) => th.name.startsWith('Cartagena'))?.id as string;
}
