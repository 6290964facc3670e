import { setImmediate as nextTurn } from 'node:timers/promises';
import { Routes } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { AT_THE_TABLE_MS, LivePanels, type CurrentPanel } from './live-panels.js';

const MINUTE = 60_000;

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
    userId === 'stranger' ? null : { version, over, yourTurn, message: { content: `#${gameId} v${version} for ${userId}`, components: [], allowed_mentions: { parse: [] } } };
  const rest = {
    patch: async (route: string, options: { body: { content: string } }) => {
      const content = options.body.content;
      if (hold) await hold;
      if (fail) throw new Error('401: Invalid Webhook Token');
      edits.push({ route, content });
      return {};
    },
  };
  const panels = new LivePanels({ rest: rest as never, panelOf, logger: pino({ level: 'silent' }), now: () => now });
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
  };
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
});
