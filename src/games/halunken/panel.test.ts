import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { panelRows } from '../../discord/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import { expectPanelOffersExactly } from '../../../tests/support/panels.js';
import type { Seat } from '../../engine/index.js';
import { RUM, type MovementCard } from './cards.js';
import { halunken, seatRange, type HalunkenAction, type HalunkenEvent, type HalunkenOptions, type HalunkenState } from './rules.js';
import { halunkenPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { t, ctxFor, anyGame, seatsOf, play, view } from './presenter-testing.js';
import { y, g, v, r } from './test-positions.js';

describe('Halunken panel', () => {
  /** The panel of every seat in this state offers exactly the legal actions and fits Discord. */
  function checkPanels(s: HalunkenState, seen?: Set<string>): void {
    const c = ctxFor(s.seats);
    for (let seat = 0; seat < s.seats; seat++) {
      const legal = halunken.legalActions(s, seat);
      const panel = presenter.panel(view(s, seat), legal, c);
      expectPanelOffersExactly(panel, legal, c.t);
      if (legal.length > 0) expect(panel.text).toContain("It's your turn");
      else if (!s.resigned[seat] && !halunken.isOver(s)) expect(panel.text).toContain('⏳ ');
      // One colon per line at most in what the game waits for ("Waiting: Round 2: …" reads badly).
      for (const line of panel.text.split('\n').filter((l) => l.startsWith('⏳'))) expect(line.split(':').length).toBeLessThanOrEqual(2);
      // A select option's description tells that option apart, or there is none.
      for (const group of panel.groups) {
        const descriptions = group.choices.flatMap((ch) => (ch.description ? [ch.description] : []));
        if (descriptions.length > 1) expect(new Set(descriptions).size).toBeGreaterThan(1);
      }
      for (const action of legal) seen?.add(action.type);
    }
  }

  it('offers every legal action once, fits Discord and says whose turn it is, at every step of whole games in every variant, meeting every kind of choice', () => {
    const seen = new Set<string>();
    const shapes: [HalunkenOptions, number][] = [
      [{ variant: 'beginner', long: false }, 3],
      [{ variant: 'beginner', long: false }, 4],
      [{ variant: 'standard', long: false }, 2],
      [{ variant: 'standard', long: false }, 3],
      [{ variant: 'standard', long: false }, 4],
      [{ variant: 'standard', long: true }, 3],
    ];
    shapes.forEach(([options, seats], k) => {
      for (const seed of ['a', 'b', 'c']) {
        const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: k * 7 + seed.charCodeAt(0) })[0] as fc.Stream<number>;
        const s = play({ options, seatPick: seats - seatRange(options).min, seed, steps: 5000, picks }, (_, __, ___, after) => checkPanels(after, seen));
        expect(halunken.isOver(s)).toBe(true);
      }
    });
    for (const type of ['place', 'placeBlackJack', 'pass', 'bid', 'choose', 'chooseForBlackJack', 'rum', 'steal', 'skipSteal', 'takeFromHarbour', 'give'])
      expect(seen).toContain(type);
  });

  it('fits the largest choices: a robbery of a big crew, a full harbour beside the hirer, the ring of free spaces', () => {
    const base = play({ options: { variant: 'standard', long: false }, seatPick: 0, seed: 'big', steps: 0, picks: fc.Stream.of() as never });
    const allYellow = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(y);
    const greys = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13].map(g);
    const violets = [3, 4, 5, 6, 7, 8, 9, 10, 11, 14].map(v);
    const reds = [4, 5, 6, 7, 8, 9, 10, 11, 15].map(r);
    // Two players: Bart landed on Black Jack, the harbour holds 21 cards and Anne (the hirer) 21.
    const s: HalunkenState = {
      ...base,
      round: 5,
      tavernsOpen: true,
      taverns: base.taverns.map(() => []),
      captains: [3, 7],
      blackJack: 7,
      hirer: 0,
      crews: [[...allYellow, ...reds], []],
      harbour: [...greys, ...violets],
      phase: { name: 'decide', decision: { kind: 'harbour', seat: 1, hirer: 0 } },
    };
    const legal = halunken.legalActions(s, 1);
    expect(legal.length).toBe(42);
    const panel = presenter.panel(view(s, 1), legal, ctxFor(2));
    expect(panel.groups.map((gr) => [gr.kind, gr.choices.length])).toEqual([
      ['select', 21],
      ['select', 21],
    ]);
    expect(() => validatedRows(panelRows(panel, 1, 0, t))).not.toThrow();
    expect(panel.text).toContain("one of Anne's sailors");
  });

  it('shows a player his hand, his crew by colour and what his cards would do; the choice stays his', () => {
    let s = halunken.setup({ seats: 3, seed: 'hand', options: { variant: 'beginner', long: false } });
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    expect(s.phase.name).toBe('choose');
    const c = ctxFor(3);
    const legal = halunken.legalActions(s, 0);
    const panel = presenter.panel(view(s, 0), legal, c);
    expect(panel.text).toContain('Your captain stands at tavern 1.');
    expect(panel.text).toContain('Your movement cards: 1, 2, 3, 4, 5, 6, 7, Rum.');
    expect(panel.text).toMatch(/Your crew \(1 sailor, worth \*\*\d+\*\* now\): (🟡|⚪|🟣|🔴) \d+ \(×2\)/);
    expect(panel.text).toContain("It's your turn: choose your movement card for round 1.");
    expect(panel.text).toMatch(/4 → 5 \([^)]*Bart\)/);
    const buttons = panel.groups[0];
    expect(buttons?.kind).toBe('buttons');
    expect(buttons?.choices.map((ch) => ch.label)).toEqual(['1 → 2', '2 → 3', '3 → 4', '4 → 5', '5 → 6', '6 → 7', '7 → 8', 'Rum']);

    // Anne chooses the 3: her panel says so; Bart's and Cees's panels, the post and the status do not.
    s = halunken.apply(s, 0, { type: 'choose', card: 3 });
    const mine = presenter.panel(view(s, 0), [], c);
    expect(mine.text).toContain('You chose **3**');
    expect(mine.text).toContain('You chose **3**; nobody sees it until everyone has chosen, and until then you may take it back.');
    expect(mine.text).toContain('⏳ Still choosing: Bart and Cees.');
    expect(presenter.panel(view(s, 1), halunken.legalActions(s, 1), c).text).not.toContain('⏳');
    expect(presenter.status(view(s, null), c)).toBe('Round 1 of 8: Anne has chosen a movement card in secret; waiting for Bart and Cees.');
    expect(turnEnded(s.events)).toBe(false);
    expect(presenter.describe(s.events, c)).toEqual(['Anne has chosen a movement card.']);
    const other: HalunkenState = { ...s, choices: [5, null, null] };
    for (const seat of [1, 2]) {
      expect(presenter.panel(view(other, seat), halunken.legalActions(other, seat), c)).toEqual(
        presenter.panel(view(s, seat), halunken.legalActions(s, seat), c),
      );
    }
    expect(presenter.status(view(other, null), c)).toBe(presenter.status(view(s, null), c));
    // The last choice reveals all at once, and that step is posted.
    s = halunken.apply(s, 1, { type: 'choose', card: 6 });
    expect(turnEnded(s.events)).toBe(false);
    s = halunken.apply(s, 2, { type: 'choose', card: 2 });
    expect(turnEnded(s.events)).toBe(true);
    const lines = presenter.describe(s.events, c);
    expect(lines[0]).toBe('🂠 Cards revealed: Anne **3**, Bart **6**, Cees **2**.');
    expect(lines.some((l) => l.includes('has chosen'))).toBe(false);
  });

  it('never shows a secret movement card to anybody else: panels, status and event lines stay the same', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const c = ctxFor(seatsOf(game));
        let posted: HalunkenEvent[] = [];
        play(game, (_, __, ___, s) => {
          posted = turnEnded(s.events) ? [] : [...posted, ...view(s, null).events];
          const variants: { state: HalunkenState; owner: Seat | null }[] = [];
          s.choices.forEach((choice, seat) => {
            const other = s.hands[seat]?.find((card) => card !== choice);
            if (choice === null || other === undefined) return;
            const choices = [...s.choices];
            choices[seat] = other;
            variants.push({ state: { ...s, choices }, owner: seat });
          });
          if (s.blackJackChoice !== null) {
            const other = s.blackJackDeck.find((card) => card !== s.blackJackChoice);
            if (other !== undefined) variants.push({ state: { ...s, blackJackChoice: other }, owner: s.hirer });
          }
          for (const { state, owner } of variants) {
            expect(presenter.status(view(state, null), c)).toBe(presenter.status(view(s, null), c));
            expect(presenter.describe(view(state, null).events, c)).toEqual(presenter.describe(view(s, null).events, c));
            for (let seat = 0; seat < s.seats; seat++) {
              if (seat === owner) continue;
              const legal = halunken.legalActions(s, seat);
              expect(presenter.panel(view(state, seat), halunken.legalActions(state, seat), c)).toEqual(presenter.panel(view(s, seat), legal, c));
            }
          }
          // What a post would say while cards are being chosen names nobody's card.
          if (s.phase.name === 'choose') {
            for (const line of presenter.describe(posted, c)) expect(line).not.toMatch(/revealed|chose \*\*/);
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('labels choices with what they do: bids, thefts, the harbour, a gift, Rum numbers, spaces', () => {
    const base = halunken.setup({ seats: 3, seed: 'labels', options: { variant: 'standard', long: false } });
    const c = ctxFor(3);
    const common: HalunkenState = {
      ...base,
      round: 3,
      tavernsOpen: true,
      captains: [0, 5, 9],
      blackJack: 12,
      crews: [[y(3), g(9)], [v(5), r(11), y(12)], [r(4)]],
      harbour: [g(4)],
    };
    // Auction: Anne's turn, Bart offered the violet 5.
    let s: HalunkenState = { ...common, phase: { name: 'auction', order: [0, 2], bids: [{ seat: 1, card: v(5) }], passed: [] } };
    let panel = presenter.panel(view(s, 0), halunken.legalActions(s, 0), c);
    expect(panel.text).toContain("best offer: Bart's 🟣 Violet 5");
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['Offer ⚪ Grey 9', 'Pass']);
    expect(presenter.status(view(s, null), c)).toBe("Round 3 of 8: Anne to bid for Black Jack; best offer Bart's 🟣 Violet 5.");
    // Landing on Bart: his three cards and "Don't steal".
    s = { ...common, phase: { name: 'decide', decision: { kind: 'landingSteal', seat: 0, victim: 1, by: 'captain' } } };
    panel = presenter.panel(view(s, 0), halunken.legalActions(s, 0), c);
    expect(panel.text).toContain("you landed on Bart's captain");
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual([
      'From Bart: 🟡 Yellow 12',
      'From Bart: 🟣 Violet 5',
      'From Bart: 🔴 Red 11',
      "Don't steal",
    ]);
    // A gift to Black Jack.
    s = { ...common, phase: { name: 'decide', decision: { kind: 'give', seat: 0 } } };
    panel = presenter.panel(view(s, 0), halunken.legalActions(s, 0), c);
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['Give 🟡 Yellow 3', 'Give ⚪ Grey 9']);
    expect(presenter.status(view(s, null), c)).toBe('Round 3 of 8: Black Jack robs Anne for the harbour; Anne chooses which sailor.');
    // Rum: the numbers nobody else laid, with where they lead.
    s = {
      ...common,
      laid: [
        { piece: 0, card: RUM, cancelled: false, steps: null },
        { piece: 1, card: 2, cancelled: false, steps: 2 },
        { piece: 2, card: 5, cancelled: false, steps: 5 },
      ],
      phase: { name: 'rum', seat: 0, piece: 0 },
    };
    panel = presenter.panel(view(s, 0), halunken.legalActions(s, 0), c);
    expect(panel.groups[0]?.choices.map((ch) => ch.label)).toEqual(['1 → 2', '3 → 4', '4 → 5', '6 → 7', '7 → 8']);
    expect(panel.text).toContain('Revealed: Anne **Rum**, Bart **2**, Cees **5**.');
    // Placing Black Jack: a select menu of the free spaces with their top cards.
    s = { ...common, blackJack: null, phase: { name: 'placeBlackJack', seat: 2 } };
    panel = presenter.panel(view(s, 2), halunken.legalActions(s, 2), c);
    expect(panel.groups[0]?.kind).toBe('select');
    expect(panel.groups[0]?.choices).toHaveLength(11);
    expect(panel.groups[0]?.choices[0]?.label).toMatch(/^Tavern 2: (🟡|⚪|🟣|🔴) \w+ \d+$/);
  });

  it("the two-player hirer chooses his own card, then Black Jack's, and sees both", () => {
    let s = halunken.setup({ seats: 2, seed: 'two', options: { variant: 'standard', long: false } });
    const c = ctxFor(2);
    while (s.phase.name !== 'choose' || s.hirer === null) {
      const seat = halunken.toAct(s)[0] as Seat;
      const legal = halunken.legalActions(s, seat);
      s = halunken.apply(s, seat, legal.find((a) => a.type === 'bid') ?? (legal.at(-1) as HalunkenAction));
    }
    const hirer = s.hirer;
    s = halunken.apply(s, hirer, { type: 'choose', card: 4 });
    const legal = halunken.legalActions(s, hirer);
    expect(legal.every((a) => a.type === 'chooseForBlackJack')).toBe(true);
    let panel = presenter.panel(view(s, hirer), legal, c);
    expect(panel.text).toContain("you chose **4** for yourself. Now choose Black Jack's card");
    expect(panel.groups[0]?.choices.map((ch) => ch.label)).toContain('Black Jack: Rum');
    const waiting = [0, 1].map((seat) => (seat === hirer ? `${c.players[seat]?.name} (Black Jack's card)` : c.players[seat]?.name)).join(' and ');
    expect(presenter.status(view(s, null), c)).toBe(`Round 1 of 8: everyone chooses a movement card in secret; waiting for ${waiting}.`);
    s = halunken.apply(s, hirer, { type: 'chooseForBlackJack', card: RUM as MovementCard });
    panel = presenter.panel(view(s, hirer), [], c);
    expect(panel.text).toContain('You chose **4**, and **Rum** for Black Jack');
    expect(presenter.panel(view(s, 1 - hirer), halunken.legalActions(s, 1 - hirer), c).text).not.toContain('for Black Jack;');
  });
});
