import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { expectPanelOffersExactly } from '../../../tests/support/panels.js';
import { honderden, versionOf, type Card, type HonderdenState } from './rules.js';
import { cardText, honderdenPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { t, ctxFor, anyGame, play, view, cardsIn, secretCards } from './presenter-testing.js';

describe('Honderden panel', () => {
  /** The panel of every seat offers exactly the legal actions, fits Discord, and says whose turn it is. */
  function checkPanels(s: HonderdenState, seen?: Set<string>): void {
    const c = ctxFor(s.seats);
    for (let seat = 0; seat < s.seats; seat++) {
      const legal = honderden.legalActions(s, seat);
      const panel = presenter.panel(view(s, seat), legal, c);
      expectPanelOffersExactly(panel, legal, c.t);
      // Each label says what it does: no two choices read the same.
      const labels = panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label));
      expect(new Set(labels).size).toBe(labels.length);
      if (legal.length > 0) expect(panel.text).toContain("It's your turn");
      else if (!s.resigned[seat] && !honderden.isOver(s)) expect(panel.text).toContain('⏳');
      // The claim ends the hand at once: it asks first (naming no points), on a row of its own.
      const claim = panel.groups.find((gr) => gr.choices.some((ch) => ch.label.startsWith('Ik dek')));
      if (claim) {
        expect(claim.choices).toHaveLength(1);
        expect(claim.choices[0]?.confirm).toBe('Claim the hand now?');
      }
      for (const action of legal) seen?.add(action.type);
    }
  }

  it('offers every legal action once, fits Discord and says whose turn it is, at every step of whole matches for two and three players, meeting every kind of choice', () => {
    const seen = new Set<string>();
    for (const seats of [2, 3]) {
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats * 31 + seed.charCodeAt(0) })[0] as fc.Stream<number>;
        const s = play({ seats, seed, target: 5, steps: 20000, picks }, (after) => checkPanels(after, seen));
        expect(honderden.isOver(s)).toBe(true);
      }
    }
    for (const type of ['play', 'swap', 'declare', 'reject', 'stuk', 'claim', 'done', 'take', 'takeHidden']) expect(seen).toContain(type);
  });

  it('shows the hand sorted by suit and rank, trump in trump order, and labels the cards, Jas and Nel', () => {
    const base = honderden.setup({ seats: 2, seed: 'labels', options: { target: 5 } });
    const hand: Card[] = ['9H', 'AS', 'JH', '7D', 'TS', 'QC', 'KS', 'AH', '8C'];
    const s: HonderdenState = {
      ...base,
      trump: 'H',
      turnedUp: 'TH',
      trumpCard: 'TH',
      hands: [hand, base.hands[1] as Card[]],
      turn: 0,
      trick: { leader: 0, plays: [] },
      handLeader: 0,
    };
    const c = ctxFor(2);
    const legal = honderden.legalActions(s, 0);
    const panel = presenter.panel(view(s, 0), legal, c);
    expect(panel.text).toContain('Your hand: A♠ K♠ 10♠ · J♥ 9♥ A♥ · Q♣ 8♣ · 7♦');
    const cards = panel.groups.find((gr) => gr.kind === 'buttons' && gr.choices.some((ch) => ch.label === 'A♠'));
    expect(cards?.choices.map((ch) => ch.label)).toEqual(['A♠', 'K♠', '10♠', 'J♥ Jas', '9♥ Nel', 'A♥', 'Q♣', '8♣', '7♦']);
    // Trump cards stand out.
    expect(cards?.choices.filter((ch) => ch.primary).map((ch) => ch.label)).toEqual(['J♥ Jas', '9♥ Nel', 'A♥']);
    expect(panel.text).toContain("It's your turn: lead trick 1.");
    expect(panel.text).toContain('Stock: 13 hidden cards, the open trump card 10♥ under it.');
    // No trick won yet, nothing carried: a claim could only be wrong, and is not offered.
    expect(legal.some((a) => a.type === 'claim')).toBe(false);
    expect(panel.text).not.toContain('Ik dek');
  });

  it('offers the claim ("ik dek") only once it can be right, on a row of its own, asking first without naming any points', () => {
    const base = honderden.setup({ seats: 2, seed: 'labels', options: { target: 5 } });
    const c = ctxFor(2);
    const anne: Card[] = ['KH', 'QH', '7S'];
    const bart: Card[] = ['8S', '9S', '7C'];
    const won: Card[][] = [['JH', '9H', 'AS'], []];
    const stock = base.stock.filter((x) => ![...anne, ...bart, ...won.flat(), 'TH'].includes(x));
    const s: HonderdenState = {
      ...base,
      trump: 'H',
      turnedUp: 'TH',
      trumpCard: 'TH',
      stock,
      hands: [anne, bart],
      won,
      tricksWon: [1, 0],
      tricksPlayed: 1,
      roemShown: true,
      turn: 0,
      dealer: 1,
      trick: { leader: 0, plays: [] },
      handLeader: 0,
    };
    // Anne won a trick (Jas, Nel and an ace: 45): she may claim; Bart won none.
    const legal = honderden.legalActions(s, 0);
    expect(legal).toContainEqual({ type: 'claim' });
    const panel = presenter.panel(view(s, 0), legal, c);
    const last = panel.groups.at(-1);
    expect(last?.choices.map((ch) => [ch.label, ch.confirm])).toEqual([['Ik dek! (claim the hand)', 'Claim the hand now?']]);
    expect(panel.groups.filter((gr) => gr.choices.some((ch) => ch.confirm !== undefined))).toHaveLength(1);
    expect(panel.text).toContain('"Ik dek" claims the hand: right with 100 points or more; a wrong claim loses it.');
    const bartsTurn: HonderdenState = { ...s, turn: 1 };
    expect(honderden.legalActions(bartsTurn, 1)).not.toContainEqual({ type: 'claim' });
    // Points everybody knows of that make 100 (carried 85, stuk 20) allow it before any trick is won.
    const carried: HonderdenState = { ...bartsTurn, carried: [0, 85], stuk: [false, true] };
    expect(honderden.legalActions(carried, 1)).toContainEqual({ type: 'claim' });
    expect(presenter.panel(view(carried, 1), honderden.legalActions(carried, 1), c).groups.at(-1)?.choices[0]?.confirm).toBe('Claim the hand now?');
    // In Dutch too, without the points.
    const nl = { ...c, t: translator('nl') };
    expect(
      presenter
        .panel(view(s, 0), legal, nl)
        .groups.at(-1)
        ?.choices.map((ch) => [ch.label, ch.confirm]),
    ).toEqual([['Ik dek!', 'Nu dekken?']]);
    // Games opened before (rules version 2) keep the claim from the first step.
    const old: HonderdenState = { ...bartsTurn, rules: 2 };
    expect(honderden.legalActions(old, 1)).toContainEqual({ type: 'claim' });
  });

  it('labels the swap, roem, stuk, the claim, rejections, the roem answer and the last draw', () => {
    const base = honderden.setup({ seats: 2, seed: 'labels', options: { target: 5 } });
    const c = ctxFor(2);
    // Anne holds the trump 7, the trump king and queen, a carré of queens and a sequence.
    const anne: Card[] = ['7H', 'KH', 'QH', 'QS', 'QC', 'QD', 'JS', 'TS', '8D'];
    const bart: Card[] = ['JC', 'TC', '9C', '8C', '7C', 'AS', 'KS', '9S', 'AD'];
    let s: HonderdenState = {
      ...base,
      trump: 'H',
      turnedUp: 'TH',
      trumpCard: 'TH',
      stock: base.stock.filter((x) => ![...anne, ...bart, 'TH'].includes(x)),
      hands: [anne, bart],
      turn: 0,
      dealer: 1,
      trick: { leader: 0, plays: [] },
      handLeader: 0,
    };
    let panel = presenter.panel(view(s, 0), honderden.legalActions(s, 0), c);
    const labels = panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label));
    expect(labels).toContain('Swap 7♥ for 10♥');
    expect(labels).toContain('Declare carré');
    expect(labels).toContain('Declare 3 on the queen');
    expect(labels).toContain('Stuk! (K♥ Q♥)');
    const roem = panel.groups.find((gr) => gr.kind === 'select');
    expect(roem?.placeholder).toBe('Declare roem (optional)…');
    expect(roem?.choices.find((ch) => ch.label === 'Declare carré')?.description).toBe('Four aces, kings, queens or tens: 100; four jacks: 200');
    expect(roem?.choices.find((ch) => ch.label === 'Declare 3 on the queen')?.description).toBe('3 in a row up to the queen, in one suit: 20');
    expect(panel.text).toContain('First trick: you may declare roem');
    // Lists of players carry each one's shape, as the board draws it beside his colour.
    expect(panel.text).toContain('Tricks won: ■ you 0 · ◆ Bart 0.');
    expect(panel.text).toContain('Game points (first to 5): ■ you 0 · ◆ Bart 0.');

    // Anne swaps, declares a carré and plays; Bart may reject it with his sequence of 5 on the jack.
    s = honderden.apply(s, 0, { type: 'swap' });
    s = honderden.apply(s, 0, { type: 'declare', roem: { kind: 'carre' } });
    panel = presenter.panel(view(s, 0), honderden.legalActions(s, 0), c);
    expect(panel.text).toContain('You declared carré: add more, or play your card.');
    expect(panel.groups.find((gr) => gr.kind === 'select')?.placeholder).toBe('Declare more roem (optional)…');
    s = honderden.apply(s, 0, { type: 'play', card: '8D' });
    panel = presenter.panel(view(s, 1), honderden.legalActions(s, 1), c);
    expect(panel.text).toContain("It's your turn: play a card to trick 1 (Anne 8♦).");
    expect(panel.text).toContain('While the stock lasts you need not follow suit.');
    expect(panel.text).toContain('Anne declared carré: you may reject it with higher roem');
    const reject = panel.groups.find((gr) => gr.kind === 'select');
    expect(reject?.placeholder).toBe("Reject Anne's roem with…");
    expect(reject?.choices.map((ch) => ch.label)).toEqual(['Reject with 5 on the jack']);
    expect(panel.text).toContain('Seen in their hands: Anne 10♥');
    s = honderden.apply(s, 1, { type: 'reject', roem: { kind: 'sequence', length: 5, top: 'J' } });
    const quiet = s.events;
    expect(turnEnded(s.events)).toBe(false);
    s = honderden.apply(s, 1, { type: 'play', card: '9S' });
    expect(turnEnded(s.events)).toBe(true);
    // Diamonds were led and nobody trumped: Anne wins the trick. She declared, so she has no roem answer to give.
    // The post tells Bart's turn, the trick (his card in it) and the roem shown, in three lines.
    expect(presenter.describe([...quiet, ...s.events], c)).toEqual([
      "📣 Bart rejects Anne's roem with **5 on the jack** (\"dat keur ik af\"). Bart's roem is higher: Anne's roem is void this hand.",
      '➡️ Anne wins trick 1: Anne **8♦**, Bart 9♠. Anne and Bart draw from the stock.',
      "📣 Roem shown: Anne carré of queens (Q♠ Q♥ Q♣ Q♦) = 100 (rejected, void); Bart 5 on the jack in ♣ (J♣ 10♣ 9♣ 8♣ 7♣) = 100 (won a hand at once). 🏆 Bart's 100 roem at once wins a hand: 1 game point. Standings: ■ Anne 0 · ◆ Bart 1. The hand is played on.",
    ]);
    expect(s.phase).toBe('play');
    // The last draw, made by hand: one hidden card beside the open trump card, chosen unseen.
    const hidden = s.stock[0] as Card;
    const shown = cardText(t, hidden);
    const last: HonderdenState = { ...s, phase: 'chooseLast', turn: 0, stock: [hidden], trumpCard: '7H' };
    panel = presenter.panel(view(last, 0), honderden.legalActions(last, 0), c);
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['Take the hidden card (unseen)', 'Take 7♥ (open trump)']);
    expect(panel.text).toContain(
      "It's your turn: one hidden card is left beside the open trump card **7♥**. Take one of the two without seeing the hidden one (it is shown to both as it is taken); Bart gets the other.",
    );
    expect(presenter.status(view(last, null), c)).toContain('Anne chooses the last card, the hidden one or the open trump card 7♥.');
    for (const seat of [0, 1, null]) {
      const v = view(last, seat);
      const text = seat === null ? presenter.status(v, c) : presenter.panel(v, honderden.legalActions(last, seat), c).text;
      expect(text).not.toContain(shown);
    }
    // A game opened under version 1 showed the hidden card before the choice, and names it.
    const old: HonderdenState = { ...last, rules: 1 };
    panel = presenter.panel(view(old, 0), honderden.legalActions(old, 0), c);
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual([`Take ${shown} (hidden card)`, 'Take 7♥ (open trump)']);
    expect(panel.text).toContain(
      `It's your turn: the last hidden card of the stock is **${shown}**. Take it or the open trump card **7♥**; Bart gets the other one.`,
    );
    expect(presenter.status(view(old, null), c)).toContain(`Anne chooses the last card, the hidden ${shown} or the open trump card 7♥.`);
  });

  it("lets the leader answer the follower's roem after the first trick: reject or let it stand", () => {
    const base = honderden.setup({ seats: 2, seed: 'answer', options: { target: 5 } });
    const c = ctxFor(2);
    const anne: Card[] = ['AS', 'KS', 'QS', 'JS', '9D', '8D', '7D', 'TC', '7C'];
    const bart: Card[] = ['KC', 'QC', 'JC', 'AH', '9H', '8H', 'KD', 'QD', '8S'];
    let s: HonderdenState = {
      ...base,
      trump: 'H',
      turnedUp: 'TH',
      trumpCard: 'TH',
      stock: base.stock.filter((x) => ![...anne, ...bart].includes(x)),
      hands: [anne, bart],
      turn: 0,
      dealer: 1,
      trick: { leader: 0, plays: [] },
      handLeader: 0,
    };
    s = honderden.apply(s, 0, { type: 'play', card: 'AS' });
    s = honderden.apply(s, 1, { type: 'declare', roem: { kind: 'sequence', length: 3, top: 'K' } });
    s = honderden.apply(s, 1, { type: 'play', card: '8S' });
    expect(s.phase).toBe('roemAnswer');
    expect(turnEnded(s.events)).toBe(true);
    expect(presenter.status(view(s, null), c)).toBe("Hand 1 (game 1), trump ♥, after the first trick: Anne may reject Bart's roem (3 on the king).");
    const panel = presenter.panel(view(s, 0), honderden.legalActions(s, 0), c);
    expect(panel.text).toContain(
      "It's your turn: the first trick is over and Bart's roem (3 on the king) stands. Reject it with higher roem, or let it stand.",
    );
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['Reject with 4 on the ace', 'Let it stand']);
    const after = honderden.apply(s, 0, { type: 'done' });
    expect(presenter.describe(after.events, c)).toEqual([
      'Anne lets the roem stand.',
      '📣 Roem shown: Bart 3 on the king in ♣ (K♣ Q♣ J♣) = 20 (counts). Anne and Bart draw from the stock.',
    ]);
  });

  it("never shows another player's hidden card, nor the stock, in a panel, the status or an event line", () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const c = ctxFor(game.seats);
        play(game, (s) => {
          // Only games of version 1 show the last hidden card before it is taken.
          const shownStock = s.phase === 'chooseLast' && versionOf(s) < 2 ? [s.stock[0]] : [];
          const hiddenStock = s.stock.filter((card) => !shownStock.includes(card));
          // Events of the hand before a new deal name cards that are dealt anew.
          const events = view(s, null).events;
          const dealt = events.findLastIndex((e) => e.type === 'handDealt');
          const publicText = [presenter.status(view(s, null), c), ...presenter.describe(events.slice(Math.max(0, dealt)), c)].join('\n');
          const secret = new Set([...s.players.flatMap((p) => secretCards(s, p)), ...hiddenStock]);
          for (const card of cardsIn(publicText)) expect(secret.has(card), `${card} in public text:\n${publicText}`).toBe(false);
          for (let seat = 0; seat < s.seats; seat++) {
            const panel = presenter.panel(view(s, seat), honderden.legalActions(s, seat), c);
            const others = new Set([...s.players.filter((p) => p !== seat).flatMap((p) => secretCards(s, p)), ...hiddenStock]);
            const text = [panel.text, ...panel.groups.flatMap((gr) => gr.choices.map((ch) => `${ch.label} ${ch.description ?? ''}`))].join('\n');
            for (const card of cardsIn(text)) expect(others.has(card), `${card} in the panel of seat ${seat}:\n${text}`).toBe(false);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it("shows no running point total, not even the claimer's own in the claim's question: other cards in the won tricks change nothing", () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const c = ctxFor(game.seats);
        play({ ...game, resigns: false }, (s) => {
          // The won cards go round the seats (each keeps his number of tricks; the points change).
          const won = s.won.map((_, seat) => s.won[(seat + 1) % s.seats] as Card[]);
          const other: HonderdenState = { ...s, won };
          expect(presenter.status(view(other, null), c)).toBe(presenter.status(view(s, null), c));
          for (let seat = 0; seat < s.seats; seat++) {
            const legal = honderden.legalActions(s, seat);
            // The claim's question included: it names no points.
            expect(presenter.panel(view(other, seat), legal, c)).toEqual(presenter.panel(view(s, seat), legal, c));
          }
        });
      }),
      { numRuns: 40 },
    );
  });
});
