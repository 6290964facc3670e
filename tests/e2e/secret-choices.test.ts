/**
 * Secret choices made at once (issue 36): three people and a bot choose their movement cards in the
 * same moments, each on the panel he had when the round began (the one his last click left him, or
 * the one he opened from the round's post), as people do, thinking a moment first. The others'
 * choices, the bot's among them, come between his panel and his click; every click is played all
 * the same, none is answered "the game has moved on", and each card chosen is the one its round reveals.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { inDatabase } from './database-access.js';
import { useHarness } from './harness.js';
import { choicesOf, mentionedUsers, nextBoardPost, playerName, randomFrom, type PanelChoice } from './play.js';

const harness = useHarness('secret-choices', ['anne', 'bart', 'cees']);
let discord: FakeDiscord;
let players: SimUser[];

beforeAll(() => ({ discord, users: players } = harness));

const halunken = games.halunken;

/** What a panel that asks for the round's secret movement card says. */
const SECRET_CHOICE = 'choose your movement card';

/** Whether the stored game waits for its bot player (it has not chosen yet). */
function waitsForBot(id: number): boolean {
  return inDatabase(harness.databasePath, (db) => {
    const { state } = db.prepare('SELECT state FROM games WHERE id = ?').get(id) as { state: string };
    const bots = (db.prepare('SELECT seat FROM seats WHERE game_id = ? AND bot_level IS NOT NULL').all(id) as { seat: number }[]).map((r) => r.seat);
    return halunken.toAct(JSON.parse(state) as ReturnType<typeof halunken.setup>).some((seat) => bots.includes(seat));
  });
}

/** The game's logged moves, oldest first: who made each (seat, and whether a person or the bot). */
function loggedMoves(id: number): { seq: number; seat: number; origin: string }[] {
  return inDatabase(
    harness.databasePath,
    (db) => db.prepare('SELECT seq, seat, origin FROM actions WHERE game_id = ? ORDER BY seq').all(id) as { seq: number; seat: number; origin: string }[],
  );
}

const seatOf = (id: number, user: SimUser): number =>
  inDatabase(harness.databasePath, (db) => (db.prepare('SELECT seat FROM seats WHERE game_id = ? AND user_id = ?').get(id, user.id) as { seat: number }).seat);

/** The version a panel's move was offered at: `act:game:version:…` or `pick:game:version:…`. */
const versionOf = (choice: PanelChoice): number => Number(('button' in choice ? choice.button : choice.select).split(':')[2]);

/**
 * A click as his Discord sends it while it still shows the panel as it was first shown (the bot's
 * edit of it to a newer version not there yet): the component's id and value as they were.
 */
function clickAsShown(user: SimUser, panel: StoredMessage, choice: PanelChoice) {
  return 'button' in choice
    ? user.forgeComponent(panel.id, { customId: choice.button })
    : user.forgeComponent(panel.id, { customId: choice.select, values: [choice.value] });
}

interface Click {
  user: SimUser;
  label: string;
  round: number;
  /** The version of the panel it was made on. */
  version: number;
  secret: boolean;
}

/** Clicks `choice` on `panel` and checks it was played: the panel answered in place, without a word of refusal. */
async function play(user: SimUser, panel: StoredMessage, choice: PanelChoice, clicks: Click[], secret: boolean): Promise<StoredMessage> {
  const round = Number(/Round (\d+) of 8/.exec(panel.content)?.[1] ?? 0);
  clicks.push({ user, label: choice.label, round, version: versionOf(choice), secret });
  const answer = await clickAsShown(user, panel, choice);
  expect(answer.callbackType, `${user.username}'s click on ${choice.label}`).toBe(7);
  expect(answer.content, `${user.username}'s click on ${choice.label} in round ${round}`).not.toMatch(/⚠️|moved on/);
  return answer.message as StoredMessage;
}

describe('secret choices made at once', () => {
  it('three people and a bot choose their cards in the same moments, each on the panel he opened, and no click is refused', async () => {
    const [anne, bart, cees] = players as [SimUser, SimUser, SimUser];
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'halunken', variant: 'beginner', bots: 1, bot_level: 'normal' } });
    let lobby = opened.message as StoredMessage;
    for (const user of [bart, cees]) lobby = (await user.click(lobby, { label: 'Join' })).message as StoredMessage;
    const started = await anne.click(lobby, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    const pick = randomFrom(36);
    const clicks: Click[] = [];
    let post = await nextBoardPost(discord, thread.id, undefined);
    const id = inDatabase(harness.databasePath, (db) => (db.prepare('SELECT id FROM games WHERE thread_id = ?').get(thread.id) as { id: number }).id);
    let together = 0;
    /** The panel a player's last click left him, when it asks for the round's secret card: he chooses on it. */
    const kept = new Map<SimUser, StoredMessage>();
    for (let turn = 0; !post.content.includes('The game is over'); turn++) {
      if (turn > 300) throw new Error('the game did not end');
      const asked = mentionedUsers(post, players);
      // Everyone asked opens his panel from the post (all of them at the version the round began),
      // unless he has it before him already.
      // Each as it was shown then: the bot may show his panel anew below the round's post meanwhile
      // (src/discord/live-panels.ts), while his Discord still shows this one as he clicks.
      const panels = await Promise.all(
        asked.map(async (user) => kept.get(user) ?? { ...((await user.click(post, { prefix: 'panel:' })).message as StoredMessage) }),
      );
      kept.clear();
      if (asked.length > 1) {
        together++;
        for (const panel of panels) expect(panel.content).toContain(SECRET_CHOICE);
        // Each thinks a while: the bot chooses meanwhile; then all click at once, a moment apart.
        const chosen = panels.map((panel) => choicesOf(panel)[pick(choicesOf(panel).length)] as PanelChoice);
        const pauses = asked.map(() => pick(150));
        await discord.waitFor(() => !waitsForBot(id), { what: 'the bot chose its card', timeoutMs: 20_000 });
        await Promise.all(
          asked.map(async (user, i) => {
            await sleep(pauses[i] as number);
            await play(user, panels[i] as StoredMessage, chosen[i] as PanelChoice, clicks, true);
          }),
        );
      } else if (asked.length === 1) {
        // A decision of one: he plays it from his panel until it no longer asks him, or asks for the
        // round's secret card (which the post that follows asks of everyone).
        const user = asked[0] as SimUser;
        let panel = panels[0] as StoredMessage;
        for (let step = 0; step < 8 && panel.content.includes("It's your turn") && !panel.content.includes(SECRET_CHOICE); step++) {
          const choices = choicesOf(panel);
          panel = await play(user, panel, choices[pick(choices.length)] as PanelChoice, clicks, false);
        }
        if (panel.content.includes(SECRET_CHOICE)) kept.set(user, { ...panel });
      }
      post = await nextBoardPost(discord, thread.id, post);
    }

    // Every round's choice was made by the three together, and each card played is the one revealed.
    expect(together).toBeGreaterThanOrEqual(7);
    const reveals = new Map<number, string>();
    let round = 0;
    for (const line of discord.messages(thread.id).flatMap((m) => m.content.split('\n'))) {
      round = Number(/^\*\*Round (\d+) of 8\*\*$/.exec(line)?.[1] ?? round);
      if (line.includes('Cards revealed')) reveals.set(round, line);
    }
    const secrets = clicks.filter((c) => c.secret);
    expect(secrets.length).toBe(3 * together);
    for (const click of secrets) {
      const card = /(\d+|Rum)/.exec(click.label)?.[1] as string;
      expect(reveals.get(click.round), `${click.user.username}'s card in round ${click.round}`).toMatch(
        new RegExp(`${playerName(click.user)} (\\*\\*|~~)${card}(\\*\\*|~~)`),
      );
    }

    // Each was played after others had moved since his panel: another person's choice, the bot's.
    const moves = loggedMoves(id);
    const between = secrets.map((click) => {
      const seat = seatOf(id, click.user);
      const own = moves.find((m) => m.seat === seat && m.seq > click.version) as { seq: number };
      const since = moves.filter((m) => m.seq > click.version && m.seq < own.seq);
      return { people: since.filter((m) => m.origin === 'player').length, bot: since.filter((m) => m.origin === 'bot').length };
    });
    // Three clicks on panels of one version: at most one is played at it, the others after.
    expect(between.filter((b) => b.people > 0).length).toBeGreaterThanOrEqual(2 * together);
    // The bot chose after the panel of whoever made the move that began a round (the answer to his
    // click, built at once while the bot still thinks), and often after the others' panels too.
    expect(between.filter((b) => b.bot > 0).length).toBeGreaterThanOrEqual(1);
    console.log(
      `secret choices: ${secrets.length}; after another person's: ${between.filter((b) => b.people > 0).length}; after the bot's: ${between.filter((b) => b.bot > 0).length}`,
    );
    discord.assertInteractionsHealthy();
  });
});
