import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Seat } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { honderdenPresenter as presenter } from './presenter.js';
import { honderden, type Card, type HonderdenAction, type HonderdenEvent, type HonderdenState, type RoemCategory, type StatementStatus } from './rules.js';
import { DONE, carre, declare, legal, ofType, play, playMatch, position, reject, roemSteps, run } from './test-positions.js';
import { playersAt } from '../../../tests/support/players.js';

/*
 * Three players, roem in the first trick (docs/rules/honderden.md, "What is told, and when": roem
 * is shown after the first trick; who declared, who rejected and whose roem stands is known to all
 * only once its third card is played; until then the third player sees only that declarations and
 * rejections were made). Rules version 2.
 */

const VIEWERS: (Seat | null)[] = [0, 1, 2, null];
const ctx = { t: translator('en'), players: playersAt(['Anne', 'Bart', 'Cees'], presenter.colours(3)) };

// Hearts are trump: Cees (seat 2) dealt and keeps the open K♥. Anne leads. Anne holds a carré of
// jacks (200), Bart a carré of queens (100, yet higher: the rulebook's own example), Cees a carré
// of tens (lower than both).
const anne: Card[] = ['JS', 'JH', 'JC', 'JD', 'AS', '9S', '9H', '9C'];
const bart: Card[] = ['QS', 'QH', 'QC', 'QD', 'AD', 'KD', '9D', 'KS'];
const cees: Card[] = ['TS', 'TH', 'TC', 'TD', 'KH', 'KC', 'AH', 'AC'];
/** Applies the moves; the events as spectators (and so the public posts) get them. */
function runPublic(s: HonderdenState, ...moves: [Seat, HonderdenAction][]): { s: HonderdenState; events: HonderdenEvent[] } {
  const events: HonderdenEvent[] = [];
  for (const [seat, action] of moves) {
    s = honderden.apply(s, seat, action);
    events.push(...honderden.view(s, null).events);
  }
  return { s, events };
}

const deal = (version?: number) =>
  position({ hands: [anne, bart, cees], trump: 'H', tricksPlayed: 0, dealer: 2, turnedUp: 'KH', known: [[], [], ['KH']], version });

describe("Honderden, three players: the first trick's roem is told once its third card is played (rules version 2)", () => {
  it('Anne declares, Bart rejects: Cees learns neither what was said nor whose roem stands until he has played', () => {
    const declared = run(deal(), [0, declare(carre)], [0, play('9C')]);
    const rejecting = run(declared.s, [1, reject(carre)]);
    const { s, events } = run(rejecting.s, [1, play('QC')]);
    expect(honderden.toAct(s)).toEqual([2]);
    // The rejection is judged already (queens above jacks), but told to nobody yet.
    expect(s.statements.map((st) => st.status)).toEqual(['rejected', 'standing']);
    expect(ofType(events, 'rejection')).toEqual([]);

    // Cees and spectators: that Anne declared and Bart rejected, nothing more.
    const untold = [
      { seat: 0, kind: 'declare', of: null, categories: null, status: 'standing', combos: null, points: null },
      { seat: 1, kind: 'reject', of: null, categories: null, status: 'pending', combos: null, points: null },
    ];
    for (const viewer of [2, null]) {
      expect(honderden.view(s, viewer).roem).toEqual(untold);
      expect(ofType(honderden.view(declared.s, viewer).events, 'declared')).toEqual([]);
      expect(ofType(honderden.view(rejecting.s, viewer).events, 'rejecting')).toEqual([{ type: 'rejecting', seat: 1, of: null, roem: null }]);
    }
    // Anne and Bart heard each other (Bart answered Anne's "carré", Anne heard what he named); the judgement waits.
    for (const viewer of [0, 1]) {
      expect(honderden.view(s, viewer).roem.map((st) => [st.seat, st.of, st.categories, st.status])).toEqual([
        [0, null, [carre], 'standing'],
        [1, 0, [carre], 'pending'],
      ]);
    }
    // Cees may still reject, naming what he holds: his carré of tens, which he would not be offered
    // if he were told that a carré stands.
    expect(roemSteps(s, 2)).toEqual([reject(carre)]);

    // The posts so far (one after each card), Cees's panel and the status say that roem was said, not what.
    const posts = presenter.describe(runPublic(deal(), [0, declare(carre)], [0, play('9C')], [1, reject(carre)], [1, play('QC')]).events, ctx);
    const said = [...posts, presenter.panel(honderden.view(s, 2), legal(s, 2), ctx).text, presenter.status(honderden.view(s, null), ctx)].join('\n');
    expect(said).not.toMatch(/carré|void|rejection failed|is higher|is not higher/);
    expect(posts).toContain('📣 Anne declares roem (told after the trick) and plays **9♣**.');
    expect(said).toContain('📣 Bart rejects ("dat keur ik af"; told after the trick) and plays **Q♣**.');
    expect(said).toContain('Roem was declared before you');

    // Cees rejects and plays the third card: now everything is shown.
    const third = run(s, [2, reject(carre)]);
    expect(honderden.view(third.s, 2).roem[2]).toMatchObject({ categories: [carre], of: null, status: 'pending' });
    expect(honderden.view(third.s, 0).roem[2]).toMatchObject({ categories: null, of: null });
    const done = run(third.s, [2, play('AC')]);
    for (const viewer of VIEWERS) {
      const v = honderden.view(done.s, viewer);
      expect(v.roemShown).toBe(true);
      expect(v.roem.map((st) => [st.seat, st.of, st.categories, st.status])).toEqual([
        [0, null, [carre], 'rejected'],
        [1, 0, [carre], 'hundred'],
        [2, 1, [carre], 'failed'],
      ]);
      expect(ofType(v.events, 'roemShown')).toHaveLength(1);
    }
    expect(done.s.gamePoints).toEqual([0, 1, 0]);
  });

  it('Bart declares and Cees lets it pass unheard; with the third card what was said is told, before Anne answers it', () => {
    const { s } = run(deal(), [0, play('9C')], [1, declare(carre)], [1, play('QC')]);
    expect(honderden.view(s, 2).roem).toMatchObject([{ seat: 1, kind: 'declare', categories: null }]);
    expect(honderden.view(s, 0).roem).toMatchObject([{ seat: 1, kind: 'declare', categories: [carre] }]);
    expect(roemSteps(s, 2)).toEqual([reject(carre)]);
    const after = run(s, [2, play('AC')]);
    expect(after.s.phase).toBe('roemAnswer');
    expect(honderden.toAct(after.s)).toEqual([0]);
    expect(ofType(after.events, 'roemTold')).toEqual([
      { type: 'roemTold', statements: [{ seat: 1, kind: 'declare', of: null, categories: [carre], status: 'standing' }] },
    ]);
    for (const viewer of VIEWERS)
      expect(honderden.view(after.s, viewer).roem).toMatchObject([{ seat: 1, categories: [carre], status: 'standing', combos: null }]);
    expect(presenter.describe(honderden.view(after.s, null).events, ctx)).toContain('📣 Said in the first trick: Bart declared carré (stands).');
    expect(legal(after.s, 0)).toEqual([reject(carre), DONE]);
  });

  it("version 1 games keep telling everything at once, the judgement too, and fit the third player's rejections to it", () => {
    const { s, events } = run(deal(1), [0, declare(carre)], [0, play('9C')], [1, reject(carre)], [1, play('QC')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: true }]);
    expect(honderden.view(s, 2).roem.map((st) => [st.categories, st.status])).toEqual([
      [[carre], 'rejected'],
      [[carre], 'standing'],
    ]);
    expect(roemSteps(s, 2)).toEqual([]);
    expect(ofType(run(s, [2, play('AC')]).events, 'roemTold')).toEqual([]);
  });
});

/**
 * What docs/rules/honderden.md ("What is told, and when") lets a viewer know before the first
 * trick is complete: whose words he hears.
 */
function entitled(s: HonderdenState, speaker: Seat, viewer: Seat | null): boolean {
  const order = [0, 1, 2].map((k) => (s.handLeader + k) % 3);
  const firstTwo = order.slice(0, 2);
  return viewer === speaker || (viewer !== null && firstTwo.includes(viewer) && firstTwo.includes(speaker));
}

const OTHER_WORDS: RoemCategory = { kind: 'sequence', length: 9, top: 'A' };
/** A judged rejection and the declaration it aimed at, judged the other way. */
const OTHER_JUDGEMENT: Partial<Record<StatementStatus, StatementStatus>> = { standing: 'failed', failed: 'standing' };

/**
 * The same state with everything `viewer` may not know changed: the words of statements he is not
 * entitled to hear, whom the third player's rejection aims at, and every judgement (told to nobody).
 */
function otherwise(s: HonderdenState, viewer: Seat | null): HonderdenState {
  const third = (s.handLeader + 2) % 3;
  const otherSeat = (seat: Seat | null) => (seat === null ? null : (seat + 1) % 3);
  const hidden = (speaker: Seat) => !entitled(s, speaker, viewer);
  const judged = s.statements.filter((st) => st.kind === 'reject' && st.status !== 'pending');
  const statements = s.statements.map((st) => {
    const flip = judged.includes(st) || judged.some((r) => r.of === st.seat && st.kind === 'declare');
    const status = !flip ? st.status : st.kind === 'declare' ? (st.status === 'rejected' ? 'standing' : 'rejected') : (OTHER_JUDGEMENT[st.status] ?? st.status);
    return {
      ...st,
      categories: hidden(st.seat) ? st.categories.map(() => OTHER_WORDS) : st.categories,
      of: st.kind === 'reject' && (hidden(st.seat) || st.seat === third) ? otherSeat(st.of) : st.of,
      status,
    };
  });
  const standing = statements.findIndex((st) => st.status === 'standing');
  const events = s.events.map((e): HonderdenEvent => {
    if (e.type === 'declared' && hidden(e.seat)) return { ...e, roem: OTHER_WORDS };
    if (e.type === 'rejecting' && hidden(e.seat)) return { ...e, roem: OTHER_WORDS, of: otherSeat(e.of) };
    if (e.type === 'rejection') return { ...e, success: !e.success };
    return e;
  });
  return { ...s, statements, standing: standing < 0 ? null : standing, events };
}

describe('Honderden, three players: nobody is told roem he is not entitled to before the first trick is complete', () => {
  it('in every state of the first trick, each seat and spectators see (and are offered) the same whatever was said and judged beyond them', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.infiniteStream(fc.nat()), (seed, picks) => {
        playMatch({ seats: 3, seed, version: 2, picks }, (s, before) => {
          if (s.tricksPlayed === 0 && s.players.length === 3 && !honderden.isOver(s)) {
            if (s.statements.length > 0) checked++;
            for (const viewer of VIEWERS) {
              const other = otherwise(s, viewer);
              expect(honderden.view(other, viewer)).toEqual(honderden.view(s, viewer));
              if (viewer === null) {
                expect(presenter.describe(honderden.view(other, null).events, ctx)).toEqual(presenter.describe(honderden.view(s, null).events, ctx));
                continue;
              }
              const actions = honderden.legalActions(s, viewer);
              expect(honderden.legalActions(other, viewer)).toEqual(actions);
              expect(presenter.panel(honderden.view(other, viewer), actions, ctx)).toEqual(presenter.panel(honderden.view(s, viewer), actions, ctx));
            }
          }
          // With the third card everything said is told to all, with its judgement.
          if (before && before.tricksPlayed === 0 && s.tricksPlayed === 1 && before.statements.length > 0 && s.hand === before.hand) {
            const told = s.events.some((e) => e.type === 'roemTold' || e.type === 'roemShown');
            expect(told).toBe(true);
            for (const viewer of VIEWERS) {
              for (const st of honderden.view(s, viewer).roem) {
                expect(st.categories).not.toBeNull();
                expect(st.status).not.toBe('pending');
                if (st.kind === 'reject') expect(st.of).not.toBeNull();
              }
            }
          }
        });
      }),
      { numRuns: 20 },
    );
    expect(checked).toBeGreaterThan(50);
  });
});
