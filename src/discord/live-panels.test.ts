import { setImmediate as nextTurn } from 'node:timers/promises';
import { Routes } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { AT_THE_TABLE_MS, LivePanels, type CurrentPanel } from './live-panels.js';

const MINUTE = 60_000;
/** Past the wait between edits that show only the others' moves. */
const CALM = 2000;

/** Live panels over a game whose version the test moves, and a Discord whose edits it may hold or fail. */
function table() {
  let now = 1_000_000;
  let version = 1;
  let over = false;
  let yourTurn = false;
  const edits: { route: string; content: string }[] = [];
  let hold: Promise<void> | null = null;
  let fail = false;
  const panelOf = async (gameId: number, userId: string): Promise<CurrentPanel | null> =>
    userId === 'stranger'
      ? null
      : { version, over, yourTurn, message: { content: `#${gameId} v${version} for ${userId}`, components: [], allowed_mentions: { parse: [] } } };
  /** Every request in the order Discord took it: edits, follow-ups and deletes. */
  const requests: string[] = [];
  let followUps = 900;
  let failFollowUps = false;
  let postsOut: Promise<void> = Promise.resolve();
  const rest = {
    patch: async (route: string, options: { body: { content: string } }) => {
      const content = options.body.content;
      if (hold) await hold;
      if (fail) throw new Error('401: Invalid Webhook Token');
      edits.push({ route, content });
      requests.push(`edit ${route}: ${content}`);
      return {};
    },
    post: async (route: string, options: { body: { content: string; flags: number } }) => {
      if (hold) await hold;
      if (failFollowUps) throw new Error('500: Internal Server Error');
      const id = String(++followUps);
      requests.push(`follow-up ${route} (flags ${options.body.flags}) ${id}: ${options.body.content}`);
      return { id };
    },
    delete: async (route: string) => {
      requests.push(`delete ${route}`);
    },
  };
  const retired = (gameId: number) => ({ content: `#${gameId} not live`, components: [], allowed_mentions: { parse: [] } });
  const panels = new LivePanels({ rest: rest, panelOf, retired, postsOut: () => postsOut, settleMs: 0, logger: pino({ level: 'silent' }), now: () => now });
  const click = (token: string) => ({ applicationId: 'app', token, createdTimestamp: now });
  return {
    panels,
    edits,
    click,
    move: () => ++version,
    turn: (his: boolean) => (yourTurn = his),
    end: () => (over = true),
    pass: (ms: number) => (now += ms),
    holdEdits: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    failEdits: () => (fail = true),
    failFollowUps: () => (failFollowUps = true),
    requests,
    /** Holds the game's posts: a panel to be moved waits until they are out. */
    holdPosts: () => {
      let release!: () => void;
      postsOut = new Promise((resolve) => (release = resolve));
      return () => {
        postsOut = Promise.resolve();
        release();
      };
    },
  };
}

/** Lets timers of 0 ms and the promises after them run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 1));
};
const original = (token: string) => Routes.webhookMessage('app', token, '@original');

/**
 * Anne's panel (message 100, token a) with a post below it; her turn comes, and the follow-up that
 * shows her panel anew is on its way, Discord's answer held until `release`.
 */
async function followUpOnItsWay() {
  const t = table();
  t.panels.shown(7, 'anne', t.click('a'), 'en', 1, true, false, '100');
  t.panels.posted(7, '150');
  t.move();
  t.turn(true);
  const release = t.holdEdits();
  t.panels.changed(7);
  await settle();
  return { t, release };
}

describe('live panels', () => {
  it('a change of the game edits the panel in place, through the token of his latest click, once per version', async () => {
    const t = table();
    t.panels.shown(7, 'anne', t.click('first'), 'en', 1, false);
    t.panels.changed(7);
    expect(t.edits).toEqual([]);
    t.move();
    t.panels.changed(7);
    t.panels.changed(7);
    await nextTurn();
    expect(t.edits).toEqual([{ route: Routes.webhookMessage('app', 'first', '@original'), content: '#7 v2 for anne' }]);
    t.panels.shown(7, 'anne', t.click('second'), 'en', 2, true);
    t.move();
    // His turn comes: shown at once, however recent the last edit.
    t.turn(true);
    t.panels.changed(7);
    await nextTurn();
    expect(t.edits.map((e) => e.route)).toEqual([Routes.webhookMessage('app', 'first', '@original'), Routes.webhookMessage('app', 'second', '@original')]);
  });

  it('leaves a panel whose click is being answered to its answer, then catches up if the game moved on meanwhile', async () => {
    const t = table();
    t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false);
    t.panels.answering(7, 'anne');
    t.move();
    t.panels.changed(7);
    await nextTurn();
    expect(t.edits).toEqual([]);
    // His answer showed version 2; a bot moved before it went out: the panel is brought to version 3.
    t.move();
    t.panels.shown(7, 'anne', t.click('b'), 'en', 2, true);
    await nextTurn();
    expect(t.edits).toEqual([{ route: Routes.webhookMessage('app', 'b', '@original'), content: '#7 v3 for anne' }]);
  });

  it('a click answered while the panel is being read for an edit leaves the edit to the answer, and a later move is still shown', async () => {
    const t = table();
    t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false);
    t.move();
    t.panels.changed(7);
    // Before the panel was read: his answer shows version 2, so no edit is needed for it.
    t.panels.shown(7, 'anne', t.click('b'), 'en', 2, true);
    await nextTurn();
    expect(t.edits).toEqual([]);
    t.move();
    t.panels.changed(7);
    await nextTurn();
    expect(t.edits).toEqual([{ route: Routes.webhookMessage('app', 'b', '@original'), content: '#7 v3 for anne' }]);
  });

  it('an edit overtaken by the answer to a click is made again, so the panel ends on the newest version', async () => {
    const t = table();
    t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false);
    const release = t.holdEdits();
    t.move();
    t.panels.changed(7);
    // The edit is on its way (the panel read, the request sent) when the answer to his click overtakes it.
    await nextTurn();
    t.panels.shown(7, 'anne', t.click('b'), 'en', 2, true);
    t.turn(true);
    release();
    await nextTurn();
    await nextTurn();
    expect(t.edits.map((e) => e.content)).toEqual(['#7 v2 for anne', '#7 v2 for anne']);
    expect(t.edits[1]?.route).toBe(Routes.webhookMessage('app', 'b', '@original'));
  });

  it('while only the others move, edits a panel at most every two seconds, the last edit showing all of it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const t = table();
      t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false);
      t.move();
      t.panels.changed(7);
      await nextTurn();
      for (let i = 0; i < 3; i++) {
        t.move();
        t.panels.changed(7);
        await nextTurn();
      }
      expect(t.edits.map((e) => e.content)).toEqual(['#7 v2 for anne']);
      t.pass(2000);
      await vi.advanceTimersByTimeAsync(2000);
      await nextTurn();
      expect(t.edits.map((e) => e.content)).toEqual(['#7 v2 for anne', '#7 v5 for anne']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets go of a panel whose token ran out, that Discord refused, or whose game is over', async () => {
    const t = table();
    t.panels.shown(1, 'anne', t.click('a'), 'en', 1, false);
    t.pass(15 * MINUTE);
    t.move();
    t.panels.changed(1);
    await nextTurn();
    expect(t.edits).toEqual([]);
    expect(t.panels.size).toBe(0);

    t.panels.shown(2, 'anne', t.click('b'), 'en', 2, false);
    t.failEdits();
    t.move();
    t.panels.changed(2);
    await nextTurn();
    expect(t.panels.size).toBe(0);

    const u = table();
    u.panels.shown(3, 'anne', u.click('c'), 'en', 1, false);
    u.move();
    u.end();
    u.panels.changed(3);
    await nextTurn();
    expect(u.edits).toHaveLength(1);
    expect(u.panels.size).toBe(0);
    // Someone no longer seated (or a game gone): nothing to edit.
    u.panels.shown(4, 'stranger', u.click('d'), 'en', 1, false);
    await nextTurn();
    expect(u.panels.size).toBe(0);
  });

  it('names the people who acted from a live panel within the last minute: a turn that follows needs no ping', () => {
    const t = table();
    t.panels.shown(7, 'anne', t.click('a'), 'en', 1, true);
    t.panels.shown(7, 'bert', t.click('b'), 'en', 1, false);
    expect([...t.panels.atTheTable(7)]).toEqual(['anne']);
    expect([...t.panels.atTheTable(8)]).toEqual([]);
    t.pass(AT_THE_TABLE_MS + 1);
    expect([...t.panels.atTheTable(7)]).toEqual([]);
  });

  it('a player is at his panel while he had it shown within the last minute and the bot can still edit it', () => {
    const t = table();
    t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false);
    expect(t.panels.isWatching(7, 'anne')).toBe(true);
    expect(t.panels.isWatching(7, 'bert')).toBe(false);
    t.pass(AT_THE_TABLE_MS - 1000);
    // Opening it again (a Refresh, not a move) counts as looking.
    t.panels.shown(7, 'anne', t.click('a2'), 'en', 1, false);
    t.pass(AT_THE_TABLE_MS - 1000);
    expect(t.panels.isWatching(7, 'anne')).toBe(true);
    t.pass(2000);
    expect(t.panels.isWatching(7, 'anne')).toBe(false);
  });

  describe('a panel at hand', () => {
    it('his turn comes with posts below his panel: after the posts are out, it is shown anew below them, then the old one retired', async () => {
      const t = table();
      t.panels.shown(7, 'anne', t.click('a'), 'en', 1, true, false, '100');
      // His own turn's post lands below his panel; a post from before it does not count.
      t.panels.posted(7, '99');
      t.panels.posted(7, '150');
      const release = t.holdPosts();
      t.move();
      t.turn(true);
      t.panels.changed(7);
      await settle();
      // The post of the bot's turn is still on its way: the panel waits for it.
      expect(t.requests).toEqual([]);
      t.panels.posted(7, '200');
      release();
      await settle();
      expect(t.requests).toEqual([`follow-up ${Routes.webhook('app', 'a')} (flags 64) 901: #7 v2 for anne`, `edit ${original('a')}: #7 not live`]);
      // The panel now lies in the follow-up: later edits go there, through the same token.
      t.turn(false);
      t.move();
      t.panels.changed(7);
      await settle();
      expect(t.requests.at(-1)).toBe(`edit ${Routes.webhookMessage('app', 'a', '901')}: #7 v3 for anne`);
      // Posts below the new panel are counted from it: one more turn brings it down once more, and only once.
      t.panels.posted(7, '950');
      t.move();
      t.turn(true);
      t.panels.changed(7);
      await settle();
      expect(t.requests.slice(-2)).toEqual([
        `follow-up ${Routes.webhook('app', 'a')} (flags 64) 902: #7 v4 for anne`,
        `edit ${Routes.webhookMessage('app', 'a', '901')}: #7 not live`,
      ]);
      t.panels.posted(7, '990');
      t.pass(CALM);
      t.move();
      t.panels.changed(7);
      await settle();
      expect(t.requests.at(-1)).toBe(`edit ${Routes.webhookMessage('app', 'a', '902')}: #7 v5 for anne`);
    });

    it('with no post below it, his panel is edited in place as before', async () => {
      const t = table();
      t.panels.shown(7, 'anne', t.click('a'), 'en', 1, true, false, '100');
      t.panels.posted(7, '50');
      t.move();
      t.turn(true);
      t.panels.changed(7);
      await settle();
      expect(t.requests).toEqual([`edit ${original('a')}: #7 v2 for anne`]);
    });

    it('his move ends a turn that comes back to him (he leads the next trick): the panel comes down below the post of it', async () => {
      const t = table();
      t.turn(true);
      t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false, true, '100');
      const release = t.holdPosts();
      t.move();
      t.panels.shown(7, 'anne', t.click('b'), 'en', 2, true, true, '100');
      await settle();
      expect(t.requests).toEqual([]);
      t.panels.posted(7, '200');
      release();
      await settle();
      expect(t.requests).toEqual([`follow-up ${Routes.webhook('app', 'b')} (flags 64) 901: #7 v2 for anne`, `edit ${original('b')}: #7 not live`]);
    });

    it('when Discord refuses the follow-up, the old panel stays the live one, edited in place, and is not moved again in that turn', async () => {
      const t = table();
      t.panels.shown(7, 'anne', t.click('a'), 'en', 1, true, false, '100');
      t.panels.posted(7, '150');
      t.failFollowUps();
      t.move();
      t.turn(true);
      t.panels.changed(7);
      await settle();
      expect(t.requests).toEqual([`edit ${original('a')}: #7 v2 for anne`]);
      t.panels.posted(7, '200');
      t.pass(CALM);
      t.move();
      t.panels.changed(7);
      await settle();
      expect(t.requests.at(-1)).toBe(`edit ${original('a')}: #7 v3 for anne`);
    });

    it('a panel shown in another message (opened again from a post) retires the one before; a click on the same message does not', async () => {
      const t = table();
      t.panels.shown(7, 'anne', t.click('a'), 'en', 1, false, false, '100');
      t.panels.shown(7, 'anne', t.click('b'), 'en', 1, false, false, '100');
      await settle();
      expect(t.requests).toEqual([]);
      t.panels.shown(7, 'anne', t.click('c'), 'en', 1, false, false, '300');
      await settle();
      expect(t.requests).toEqual([`edit ${original('b')}: #7 not live`]);
      // Its token ended: the old one cannot be touched, and is not tried.
      t.pass(15 * MINUTE);
      t.panels.shown(7, 'anne', { applicationId: 'app', token: 'd', createdTimestamp: 1_000_000 + 15 * MINUTE }, 'en', 1, false, false, '400');
      await settle();
      expect(t.requests).toHaveLength(1);
    });

    it('a panel opened elsewhere while the follow-up is on its way: the follow-up is deleted, the new panel stays live', async () => {
      const { t, release } = await followUpOnItsWay();
      // He opens his panel from the newest post before the follow-up is made.
      t.panels.shown(7, 'anne', t.click('b'), 'en', 2, false, true, '500');
      release();
      await settle();
      expect(t.requests).toEqual([
        `follow-up ${Routes.webhook('app', 'a')} (flags 64) 901: #7 v2 for anne`,
        `edit ${original('a')}: #7 not live`,
        `delete ${Routes.webhookMessage('app', 'a', '901')}`,
      ]);
      t.pass(CALM);
      t.move();
      t.panels.changed(7);
      await settle();
      expect(t.requests.at(-1)).toBe(`edit ${original('b')}: #7 v3 for anne`);
    });

    it('a click on the follow-up itself, made before its id came back to the bot, keeps it: the old panel is retired, nothing deleted', async () => {
      const { t, release } = await followUpOnItsWay();
      // Discord shows him the new panel (901) at once; he clicks it while the bot still waits for its answer.
      t.panels.answering(7, 'anne', '901');
      release();
      await settle();
      t.panels.shown(7, 'anne', t.click('c'), 'en', 2, false, true, '901');
      await settle();
      expect(t.requests.filter((r) => r.startsWith('delete'))).toEqual([]);
      expect(t.requests).toContain(`edit ${original('a')}: #7 not live`);
      t.pass(CALM);
      t.move();
      t.panels.changed(7);
      await settle();
      expect(t.requests.at(-1)).toBe(`edit ${original('c')}: #7 v3 for anne`);
    });

    it('a click on the follow-up as it is being taken back leaves the live panel where it was, and nothing edits the deleted message', async () => {
      const { t, release } = await followUpOnItsWay();
      // He clicks his old panel; the follow-up comes back meanwhile and is taken back as not needed.
      t.panels.answering(7, 'anne', '100');
      release();
      await settle();
      expect(t.requests).toContain(`delete ${Routes.webhookMessage('app', 'a', '901')}`);
      t.panels.shown(7, 'anne', t.click('b'), 'en', 2, true, false, '100');
      // Shown to him for a moment, the follow-up is clicked as it goes: answered, but it is gone.
      t.panels.answering(7, 'anne', '901');
      t.panels.shown(7, 'anne', t.click('c'), 'en', 3, true, false, '901');
      await settle();
      t.pass(CALM);
      t.move();
      t.panels.changed(7);
      await settle();
      // The game goes on from the live panel (his click on the old one): shown anew below, through its token; the deleted message is never edited.
      expect(t.requests.filter((r) => r.includes('/app/c'))).toEqual([]);
      expect(t.requests.slice(-2)).toEqual([`follow-up ${Routes.webhook('app', 'b')} (flags 64) 902: #7 v3 for anne`, `edit ${original('b')}: #7 not live`]);
    });
  });
});
