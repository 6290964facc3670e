import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { honderden, sortHand, type Card } from './rules.js';
import { CLAIM, DONE, carre, declare, handEnded, legal, ofType, play, position, reject, roemSteps, run, seq, take } from './test-positions.js';

describe('Honderden: roem in the first trick (two players)', () => {
  // Trump is hearts throughout; the open trump card is the ten of hearts.
  const roemTrick = (leader: Card[], follower: Card[], extra: Partial<Parameters<typeof position>[0]> = {}) =>
    position({ hands: [leader, follower], trump: 'H', trumpCard: 'TH', tricksPlayed: 0, ...extra });

  it('a carré of queens rejects a carré of jacks: equal count, higher card', () => {
    const s0 = roemTrick(['JS', 'JH', 'JC', 'JD', '7S', '8S', '7C', '8D', '9D'], ['QS', 'QH', 'QC', 'QD', '7D', 'TC', '9S', 'AC', '8H']);
    expect(roemSteps(s0, 0)).toEqual([declare(carre)]);
    const declared = run(s0, [0, declare(carre)]);
    expect(declared.events).toEqual([{ type: 'declared', seat: 0, roem: carre }]);
    // Vague: the others see the category, not the cards.
    const before = honderden.view(declared.s, 1);
    expect(before.roem).toEqual([{ seat: 0, kind: 'declare', of: null, categories: [carre], status: 'standing', combos: null, points: null }]);
    const led = run(declared.s, [0, play('7S')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(carre)]);
    const rejecting = run(led, [1, reject(carre)]);
    expect(rejecting.events).toEqual([{ type: 'rejecting', seat: 1, of: 0, roem: carre }]);
    expect(rejecting.s.statements[1]?.status).toBe('pending');
    const { s, events } = run(rejecting.s, [1, play('7D')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: true }]);
    const shown = ofType(events, 'roemShown')[0];
    expect(shown?.statements.map((st) => [st.seat, st.status, st.points])).toEqual([
      [0, 'rejected', 200],
      [1, 'hundred', 100],
    ]);
    // A carré is 100 at once: a won hand straight away, and the hand goes on.
    expect(ofType(events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 1, points: 100 }]);
    expect(s.gamePoints).toEqual([0, 1]);
    expect(s.roem).toEqual([0, 0]);
    expect(s.phase).toBe('play');
    expect(s.hand).toBe(1);
    const after = honderden.view(s, null);
    expect(after.roem[1]?.combos?.[0]?.cards).toEqual(['QS', 'QH', 'QC', 'QD']);
    expect(after.knownCards[0]).toEqual(sortHand(['JS', 'JH', 'JC', 'JD'], 'H'));
    expect(after.roemTrick).toBe(false);
  });

  it('a carré of jacks cannot be rejected by a carré of tens (it stands: 200 at once)', () => {
    const s0 = roemTrick(['JS', 'JH', 'JC', 'JD', '7S'], ['TS', 'TC', 'TD', 'AH', '8S'], { stock: ['9S', '9C', '9D', '8C'], trumpCard: 'KH' });
    // Only three tens: no combination at all. Give the follower the fourth ten instead of AH.
    const s1 = roemTrick(['JS', 'JH', 'JC', 'JD', '7S'], ['TS', 'TC', 'TD', 'TH', '8S'], { stock: ['9S', '9C', '9D', '8C'], trumpCard: 'KH' });
    for (const s of [s0, s1]) {
      const led = run(s, [0, declare(carre)], [0, play('7S')]).s;
      expect(roemSteps(led, 1)).toEqual([]);
      const { s: after, events } = run(led, [1, play('8S')]);
      expect(ofType(events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 0, points: 200 }]);
      expect(after.gamePoints).toEqual([1, 0]);
    }
  });

  it('a failed rejection: a carré of kings against a carré of aces counts nothing; the aces stand', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', '7S'], ['KS', 'KH', 'KC', 'KD', '8S'], { stock: ['9S', '9C', '9D', '8C'] });
    const led = run(s0, [0, declare(carre)], [0, play('7S')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(carre)]);
    const { s, events } = run(led, [1, reject(carre)], [1, play('8S')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: false }]);
    expect(s.statements.map((st) => st.status)).toEqual(['hundred', 'failed']);
    expect(s.gamePoints).toEqual([1, 0]);
  });

  it('a sequence of 5 rejects a carré; a carré rejects a sequence of 3', () => {
    const five = roemTrick(['KS', 'KH', 'KC', 'KD', '8S'], ['7C', '8C', '9C', 'TC', 'JC', '9S'], { stock: ['AS', 'AD', 'QD', 'QS'] });
    const led = run(five, [0, declare(carre)], [0, play('8S')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(seq(5, 'J'))]);
    const r1 = run(led, [1, reject(seq(5, 'J'))], [1, play('9S')]);
    expect(ofType(r1.events, 'rejection')).toMatchObject([{ success: true }]);
    expect(r1.s.gamePoints).toEqual([0, 1]);

    const three = roemTrick(['QS', 'JS', 'TS', '7D', '8D'], ['AS', 'AH', 'AC', 'AD', '7C'], { stock: ['9S', '9C', '9D', '8C'] });
    expect(roemSteps(three, 0)).toEqual([declare(seq(3, 'Q'))]);
    const led3 = run(three, [0, declare(seq(3, 'Q'))], [0, play('7D')]).s;
    expect(roemSteps(led3, 1)).toEqual([reject(carre)]);
    const r3 = run(led3, [1, reject(carre)], [1, play('7C')]);
    expect(r3.s.statements.map((st) => st.status)).toEqual(['rejected', 'hundred']);
    expect(r3.s.roem).toEqual([0, 0]);
  });

  it('equal roem goes to trump, then to the leader', () => {
    // The follower's trump sequence beats the leader's equal plain one.
    const trumpWins = roemTrick(['KS', 'QS', 'JS', '7D'], ['KH', 'QH', 'JH', '7C'], { stock: ['9S', '9C', '9D', '8C'] });
    const led = run(trumpWins, [0, declare(seq(3, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(seq(3, 'K'))]);
    const r = run(led, [1, reject(seq(3, 'K'))], [1, play('7C')]);
    expect(r.s.statements.map((st) => st.status)).toEqual(['rejected', 'counted']);
    expect(r.s.roem).toEqual([0, 20]);
    expect(honderden.view(r.s, 0).roemPoints).toEqual([0, 20]);

    // The leader's trump sequence: the follower's equal plain one cannot reject it.
    const leaderTrump = roemTrick(['KH', 'QH', 'JH', '7D'], ['KS', 'QS', 'JS', '7C'], { stock: ['9S', '9C', '9D', '8C'] });
    expect(roemSteps(run(leaderTrump, [0, declare(seq(3, 'K'))], [0, play('7D')]).s, 1)).toEqual([]);

    // Neither in trump: the leader's stands.
    const plain = roemTrick(['KS', 'QS', 'JS', '7D'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    const plainLed = run(plain, [0, declare(seq(3, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(plainLed, 1)).toEqual([]);
    expect(run(plainLed, [1, play('7C')]).s.roem).toEqual([20, 0]);
  });

  it('if the leader declares nothing, the follower may declare and the leader may reject it after the trick', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', '7D'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    const silent = run(s0, [0, play('7D')]).s;
    expect(roemSteps(silent, 1)).toEqual([declare(seq(3, 'K'))]);
    const { s, events } = run(silent, [1, declare(seq(3, 'K'))], [1, play('7C')]);
    expect(ofType(events, 'trickWon')).toHaveLength(1);
    expect(ofType(events, 'roemShown')).toEqual([]);
    expect(ofType(events, 'drew')).toEqual([]);
    expect(s.phase).toBe('roemAnswer');
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([reject(seq(3, 'K')), DONE]);
    expect(legal(s, 1)).toEqual([]);
    const answered = run(s, [0, reject(seq(3, 'K'))]);
    expect(answered.s.phase).toBe('roemAnswer');
    expect(legal(answered.s, 0)).toEqual([DONE]);
    const done = run(answered.s, [0, DONE]);
    expect(ofType(done.events, 'rejection')).toEqual([{ type: 'rejection', seat: 0, of: 1, success: true }]);
    expect(done.s.roem).toEqual([20, 0]);
    expect(done.s.phase).toBe('play');
    // Then the draws; the trick's winner (the leader: 7D was led, 7C is another suit) leads.
    expect(ofType(done.events, 'drew')).toHaveLength(2);
    expect(honderden.toAct(done.s)).toEqual([0]);
  });

  it("the leader may let the follower's declaration stand, and is asked even with nothing to reject with", () => {
    const s0 = roemTrick(['7D', '8S'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    const { s } = run(s0, [0, play('7D')], [1, declare(seq(3, 'K'))], [1, play('7C')]);
    expect(legal(s, 0)).toEqual([DONE]);
    const done = run(s, [0, DONE]);
    expect(ofType(done.events, 'noRejection')).toEqual([{ type: 'noRejection', seat: 0 }]);
    expect(done.s.roem).toEqual([0, 20]);
    expect(done.s.statements[0]?.status).toBe('counted');
  });

  it('once the leader has declared, the follower can only reject, not declare lower roem of his own', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', 'TS', '7D'], ['9C', '8C', '7C', 'AD'], { stock: ['9S', '9H', '9D', '8D'] });
    const led = run(s0, [0, declare(seq(4, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(led, 1)).toEqual([]);
    expect(run(led, [1, play('AD')]).s.roem).toEqual([50, 0]);
  });

  it('several combinations at once, never two sequences in one suit; a category takes the best that fits', () => {
    // Trump clubs: "3 on the ace" fits spades and clubs; the trump one is taken first.
    const s0 = position({
      hands: [
        ['AS', 'KS', 'QS', '9S', '8S', '7S', 'AC', 'KC', 'QC'],
        ['7D', '8D', 'AD'],
      ],
      trump: 'C',
      trumpCard: 'TC',
      tricksPlayed: 0,
    });
    expect(roemSteps(s0, 0)).toEqual([declare(seq(3, 'A')), declare(seq(3, '9'))]);
    const first = run(s0, [0, declare(seq(3, 'A'))]).s;
    expect(first.statements[0]?.combos[0]).toMatchObject({ suit: 'C' });
    expect(roemSteps(first, 0)).toEqual([declare(seq(3, 'A')), declare(seq(3, '9'))]);
    const second = run(first, [0, declare(seq(3, '9'))]).s;
    // Spades now has a sequence: neither spade run can be added any more.
    expect(roemSteps(second, 0)).toEqual([]);
    const { s } = run(second, [0, play('9S')], [1, play('7D')]);
    expect(s.roem).toEqual([40, 0]);
    expect(s.statements[0]?.categories).toEqual([seq(3, 'A'), seq(3, '9')]);
  });

  it('a card may serve a carré and a sequence in one declaration (120 at once)', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', 'KS', 'QS', '7D'], ['8D', '9D'], { stock: ['8S', '9S', '7C', '8C'] });
    expect(roemSteps(s0, 0)).toEqual([declare(carre), declare(seq(3, 'A'))]);
    const { s, events } = run(s0, [0, declare(carre)], [0, declare(seq(3, 'A'))], [0, play('AS')], [1, play('8D')]);
    expect(ofType(events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 0, points: 120 }]);
    expect(s.gamePoints).toEqual([1, 0]);
    expect(s.roem).toEqual([0, 0]);
  });

  it('the 100 at once can end the match at once', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', '7D'], ['8D', '9D'], { stock: ['8S', '9S', '7C', '8C'], target: 1 });
    const { s, events } = run(s0, [0, declare(carre)], [0, play('7D')], [1, play('8D')]);
    expect(honderden.isOver(s)).toBe(true);
    expect(ofType(events, 'matchOver')).toEqual([{ type: 'matchOver', winner: 0, reason: 'target' }]);
    expect(honderden.result(s)).toEqual({ scores: [1, 0], ranking: [[0], [1]] });
  });

  it('the roem of a won-at-once hand is spent: a later claim does not count it', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', '7D', '8C'], ['8D', '9D', '7C'], { stock: ['8S', '9S', '7S', '9C'] });
    const { s } = run(s0, [0, declare(carre)], [0, play('7D')], [1, play('7C')]);
    expect(s.gamePoints).toEqual([1, 0]);
    const claimed = run(s, [0, CLAIM]);
    expect(ofType(claimed.events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 0, right: false }]);
    expect(handEnded(claimed.events).points[0]).toMatchObject({ roem: 0, total: 0 });
    expect(claimed.s.gamePoints).toEqual([1, 2]);
  });

  it('a rejecter may add further combinations; all of them count when the rejection succeeds', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', '7D'], ['AC', 'KC', 'QC', 'JC', '9H', '8H', '7H'], { stock: ['9S', '9C', 'AD', '8C'] });
    const led = run(s0, [0, declare(seq(3, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(seq(4, 'A'))]);
    const rejecting = run(led, [1, reject(seq(4, 'A'))]).s;
    expect(roemSteps(rejecting, 1)).toEqual([declare(seq(3, '9'))]);
    const { s, events } = run(rejecting, [1, declare(seq(3, '9'))], [1, play('7H')]);
    expect(ofType(events, 'rejection')).toMatchObject([{ success: true }]);
    expect(s.roem).toEqual([0, 70]);
    expect(s.statements[1]?.combos.map((c) => c.cards)).toEqual([
      ['AC', 'KC', 'QC', 'JC'],
      ['9H', '8H', '7H'],
    ]);
    expect(s.statements[1]?.categories).toEqual([seq(4, 'A'), seq(3, '9')]);
  });

  it('refuses steps that are not offered', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', '7D'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    expect(() => honderden.apply(s0, 0, declare(carre))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, declare(seq(4, 'K')))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, reject(seq(3, 'K')))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, play('KC'))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 1, play('KC'))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, DONE)).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, take('9S'))).toThrow(IllegalAction);
    for (const seat of [-1, 2, 0.5, Number.NaN]) expect(honderden.legalActions(s0, seat)).toEqual([]);
  });

  it('roem is only declared in the first trick', () => {
    const later = position({
      hands: [
        ['AS', 'AH', 'AC', 'AD', 'KS', 'QS'],
        ['8D', '9D'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      tricksPlayed: 1,
    });
    expect(roemSteps(later, 0)).toEqual([]);
  });
});
