import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { panelRows } from '../../bot/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import { expectPanelOffersExactly } from '../../../tests/support/panels.js';
import type { Seat } from '../../engine/index.js';
import { RUM, type MovementCard, type SailorCard } from './cards.js';
import {
  BLACK_JACK,
  halunken,
  halunkenOptions,
  seatRange,
  type HalunkenAction,
  type HalunkenEvent,
  type HalunkenOptions,
  type HalunkenState,
  type HalunkenView,
} from './rules.js';
import { halunkenPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { rulesSections } from '../../bot/rules.js';

const t = translator('en');
const NAMES = ['Anne', 'Bart', 'Cees', 'Dirk'];
const ctxFor = (seats: number) => ({
  t,
  players: NAMES.slice(0, seats).map((name, i) => ({ name, mention: `<@${i}>`, colour: presenter.colours(seats)[i] as string })),
});
const ctx = ctxFor(4);

const y = (value: number): SailorCard => ({ colour: 'yellow', value });
const g = (value: number): SailorCard => ({ colour: 'grey', value });
const v = (value: number): SailorCard => ({ colour: 'violet', value });
const r = (value: number): SailorCard => ({ colour: 'red', value });

/** Every game shape the bot offers: beginner 3-4, standard 2-4 (2: the two-player rules), short or long. */
const anyGame = fc.record({
  options: fc.constantFrom<HalunkenOptions>(
    { variant: 'beginner', long: false },
    { variant: 'beginner', long: true },
    { variant: 'standard', long: false },
    { variant: 'standard', long: true },
  ),
  seatPick: fc.nat(2),
  seed: fc.string({ maxLength: 8 }),
  steps: fc.nat(260),
  picks: fc.infiniteStream(fc.nat()),
});

type Game = { options: HalunkenOptions; seatPick: number; seed: string; steps: number; picks: fc.Stream<number> };

function seatsOf(game: Pick<Game, 'options' | 'seatPick'>): number {
  const { min, max } = seatRange(game.options);
  return min + (game.seatPick % (max - min + 1));
}

/** Random legal play for `steps` actions; `each` sees every state with the action that led to it. */
function play(game: Game, each?: (before: HalunkenState, seat: Seat, action: HalunkenAction, after: HalunkenState) => void): HalunkenState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = halunken.setup({ seats: seatsOf(game), seed: game.seed, options: game.options });
  for (let i = 0; i < game.steps && !halunken.isOver(s); i++) {
    const waiting = halunken.toAct(s);
    const seat = waiting[pick(waiting.length)] as Seat;
    const legal = halunken.legalActions(s, seat);
    const action = legal[pick(legal.length)] as HalunkenAction;
    const next = halunken.apply(s, seat, action);
    each?.(s, seat, action, next);
    s = next;
  }
  return s;
}

const view = (s: HalunkenState, seat: Seat | null) => halunken.view(s, seat);

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

  it('offers every legal action exactly once, and the whole panel fits in Discord components, over random positions', () => {
    fc.assert(
      fc.property(anyGame, (game) => checkPanels(play(game))),
      { numRuns: 250 },
    );
  });

  it('does so at every step of whole games in every variant, meeting every kind of choice', () => {
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
    for (const type of ['place', 'placeBlackJack', 'pass', 'bid', 'choose', 'chooseForBlackJack', 'rum', 'steal', 'skipSteal', 'takeFromHarbour', 'give']) expect(seen).toContain(type);
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
      expect(presenter.panel(view(other, seat), halunken.legalActions(other, seat), c)).toEqual(presenter.panel(view(s, seat), halunken.legalActions(s, seat), c));
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
    const common: HalunkenState = { ...base, round: 3, tavernsOpen: true, captains: [0, 5, 9], blackJack: 12, crews: [[y(3), g(9)], [v(5), r(11), y(12)], [r(4)]], harbour: [g(4)] };
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
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['From Bart: 🟡 Yellow 12', 'From Bart: 🟣 Violet 5', 'From Bart: 🔴 Red 11', "Don't steal"]);
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

  it('the two-player hirer chooses his own card, then Black Jack\'s, and sees both', () => {
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

describe('Halunken posts', () => {
  it('posts whenever someone new is waited for or a round ends, and never after a choice that leaves others choosing', () => {
    let quietChoices = 0;
    fc.assert(
      fc.property(anyGame, (game) => {
        play({ ...game, steps: 400 }, (before, seat, action, after) => {
          const post = turnEnded(after.events);
          const was = new Set(halunken.toAct(before));
          const now = halunken.toAct(after);
          const someoneNew = now.some((x) => !was.has(x));
          if (someoneNew || after.round !== before.round || after.game !== before.game || halunken.isOver(after)) expect(post).toBe(true);
          if (!post) {
            // Nobody new: the same choosers minus the one who chose, or the same hirer robbing again.
            expect(now.every((x) => was.has(x))).toBe(true);
            if (action.type !== 'choose' && action.type !== 'chooseForBlackJack') expect(now).toEqual([seat]);
            else quietChoices++;
          }
          if (action.type === 'choose' && after.phase.name === 'choose' && after.round === before.round) expect(post).toBe(false);
        });
      }),
      { numRuns: 80 },
    );
    expect(quietChoices).toBeGreaterThan(50);
  });

  it('describes the rulebook example: blue 5, red 3, green 5, yellow Rum as 1', () => {
    const c = { t, players: ['Blue', 'Red', 'Green', 'Yellow'].map((name, i) => ({ name, mention: `<@${i}>`, colour: 'blue' })) };
    const events: HalunkenEvent[] = [
      { type: 'chose', seat: 3, forBlackJack: false },
      {
        type: 'revealed',
        laid: [
          { piece: 0, card: 5, cancelled: true, steps: null },
          { piece: 1, card: 3, cancelled: false, steps: 3 },
          { piece: 2, card: 5, cancelled: true, steps: null },
          { piece: 3, card: RUM, cancelled: false, steps: null },
        ],
      },
      { type: 'rumNamed', piece: 3, seat: 3, number: 1 },
      { type: 'tookTavernCard', seat: 0, space: 2, card: y(4), nextTop: g(5) },
      { type: 'tookTavernCard', seat: 2, space: 7, card: r(9), nextTop: null },
      { type: 'moved', piece: 3, from: 3, to: 4, steps: 1 },
      { type: 'tookTavernCard', seat: 3, space: 4, card: v(8), nextTop: y(2) },
      { type: 'stole', seat: 3, from: 1, card: g(13), by: 'captain' },
      { type: 'displaced', piece: 1, from: 4, to: 5 },
      { type: 'moved', piece: 1, from: 5, to: 8, steps: 3 },
      { type: 'tavernEmpty', seat: 1, space: 8 },
      { type: 'roundEnded', round: 1 },
    ];
    expect(presenter.describe(events, c)).toEqual([
      '🂠 Cards revealed: Blue ~~5~~, Red **3**, Green ~~5~~, Yellow **Rum**. Struck-out cards are equal and cancel: those captains stay.',
      "🥃 Yellow's Rum counts as 1.",
      'Blue stays at tavern 3 and hires 🟡 Yellow 4.',
      'Green stays at tavern 8 and hires 🔴 Red 9.',
      'Yellow moves 1 from tavern 4 to tavern 5 and hires 🟣 Violet 8.',
      'Yellow takes ⚪ Grey 13 from Red.',
      'Red is pushed on to tavern 6.',
      'Red moves 3 from tavern 6 to tavern 9; the tavern is empty.',
    ]);
  });

  it("describes Black Jack's auction, robberies and gifts, the scoring and a resignation", () => {
    const lines = presenter.describe(
      [
        { type: 'roundStarted', round: 2 },
        { type: 'auctionStarted', seat: 2 },
        { type: 'passed', seat: 2 },
        { type: 'bid', seat: 3, card: y(3) },
        { type: 'bid', seat: 0, card: g(5) },
        { type: 'passed', seat: 1, couldNotBid: true },
        { type: 'hired', seat: 0, card: g(5) },
        { type: 'blackJackMoved', card: 8, from: 0, to: 9, passed: [1, 0, 2], hirer: 0 },
        { type: 'stole', seat: 0, from: 1, card: r(15), by: 'blackJack' },
        { type: 'noSteal', seat: 0, from: 2, by: 'blackJack', reason: 'moreCards' },
        { type: 'notHired' },
        { type: 'gave', seat: 2, card: y(1) },
        { type: 'noSteal', seat: null, from: 3, by: 'blackJack', reason: 'noCards' },
        { type: 'tookFromHarbour', seat: 1, card: y(1) },
        { type: 'harbourEmpty', seat: 3 },
        { type: 'declinedSteal', seat: 1, from: 2 },
        { type: 'noSteal', seat: 1, from: 0, by: 'captain', reason: 'moreCards' },
        { type: 'rumNamed', piece: BLACK_JACK, seat: null, number: 6 },
        { type: 'resigned', seat: 3, removed: [y(2), y(3)] },
        {
          type: 'gameScored',
          game: 2,
          games: 3,
          scores: [{ cards: 3, sum: 20, doubled: 'red', bonus: 15, score: 35 }, null, { cards: 0, sum: 0, doubled: null, bonus: 0, score: 0 }, null],
          totals: [80, 40, 12, 0],
        },
        { type: 'gameOver', reason: 'tooFewPlayers' },
      ],
      ctx,
    );
    expect(lines).toEqual([
      '**Round 2 of 8**',
      'Auction for Black Jack: Cees bids first.',
      'Cees passes.',
      'Dirk offers 🟡 Yellow 3.',
      'Anne offers ⚪ Grey 5.',
      // Never asked: nothing in his crew beat Anne's offer.
      'Bart cannot bid (no sailor worth enough).',
      '🏴‍☠️ **Anne hires Black Jack** for this round and pays ⚪ Grey 5 into the harbour.',
      '🏴‍☠️ Black Jack turns up his 8 and goes from tavern 1 to tavern 10, passing Bart, Anne and Cees, working for Anne.',
      'Black Jack robs Bart for Anne: 🔴 Red 15.',
      'Black Jack may not rob Cees for Anne: Cees holds fewer sailors.',
      'Nobody hires Black Jack this round: he robs for the harbour.',
      'Cees gives 🟡 Yellow 1 to Black Jack (into the harbour).',
      'Dirk has no sailor to give Black Jack.',
      'Bart takes 🟡 Yellow 1 from the harbour.',
      'Dirk meets Black Jack, but the harbour is empty.',
      "Bart leaves Cees's crew alone.",
      'Bart may not steal from Anne: Bart holds more sailors.',
      "🥃 Black Jack's Rum counts as 6 (drawn at random: nobody hired him).",
      'Dirk is out of the game; their 2 sailors leave play.',
      // The last game's scores are left to the final ranking (its breakdown): no line repeats them.
      'Only Anne and Cees are still playing, too few to go on: the long game ends here, and game 2 is scored as it stands.',
    ]);
  });

  it('a long game scores each game but the last by colour, saying which game; the last is left to the final ranking', () => {
    const c = ctxFor(3);
    const anne = { cards: 4, sum: 46, doubled: 'yellow' as const, bonus: 22, score: 68 };
    const cees = { cards: 1, sum: 5, doubled: 'grey' as const, bonus: 5, score: 10 };
    const crews = [[y(10), y(12), g(9), r(15)], [], [g(5)]];
    const first = presenter.describe([{ type: 'gameScored', game: 1, games: 3, scores: [anne, null, cees], crews, totals: [68, 0, 10] }], c);
    // Game 1: the totals would repeat the scores; Bart, who left, is not scored again.
    expect(first).toEqual(['**Scoring of game 1 of 3**', '• ■ Anne: 2 × 22 yellow + 9 grey + 15 red = **68**.', '• ● Cees: 2 × 5 grey = **10**.']);
    const second = presenter.describe([{ type: 'gameScored', game: 2, games: 3, scores: [cees, null, anne], crews: [crews[2] as SailorCard[], [], crews[0] as SailorCard[]], totals: [78, 0, 78] }], c);
    expect(second.at(-1)).toBe('Totals after game 2: ■ Anne 78, ▲ Bart 0, ● Cees 78.');
    // Stored before the crews were recorded: the doubled colour and the rest; before `games` was: a long game all the same.
    const old = presenter.describe([{ type: 'gameScored', game: 1, scores: [anne, null, cees], totals: [68, 0, 10] } as unknown as HalunkenEvent], c);
    expect(old.slice(0, 2)).toEqual(['**Scoring of game 1 of 3**', '• ■ Anne: 2 × 22 yellow + 24 in other colours = **68**.']);
    // The last game's scoring, followed by the end: nothing here, the ranking says it.
    expect(presenter.describe([{ type: 'gameScored', game: 1, games: 1, scores: [anne, null, cees], crews, totals: [68, 0, 10] }, { type: 'gameOver', reason: 'finished' }], c)).toEqual([]);
  });

  it('a post during the choice (after a resignation) says who has chosen, never what', () => {
    const lines = presenter.describe(
      [
        { type: 'chose', seat: 0, forBlackJack: false },
        { type: 'chose', seat: 0, forBlackJack: true },
        { type: 'chose', seat: 2, forBlackJack: false },
        { type: 'chose', seat: 3, forBlackJack: false },
        { type: 'resigned', seat: 1, removed: [] },
      ],
      ctx,
    );
    expect(lines).toEqual([
      'Anne has chosen a movement card.',
      "Anne has chosen Black Jack's card too.",
      'Cees and Dirk have chosen their movement cards.',
      'Bart is out of the game.',
    ]);
  });
});

describe('Halunken presenter basics', () => {
  it('offers the beginner and standard games, each also as a long game, with the seat counts of the rules', () => {
    expect(presenter.variants.map((x) => x.value)).toEqual(['standard', 'beginner', 'standard-long', 'beginner-long']);
    for (const variant of presenter.variants) {
      const options = halunkenOptions.parse(variant.options);
      expect(presenter.variantOf(options)).toBe(variant);
      expect(t(variant.label)).not.toBe(variant.label);
      expect(t(variant.about)).not.toBe(variant.about);
      expect(seatRange(options)).toEqual(options.variant === 'beginner' ? { min: 3, max: 4 } : { min: 2, max: 4 });
    }
    expect(presenter.variantOf({})?.value).toBe('standard');
    expect(presenter.colours(4)).toEqual(['blue', 'green', 'red', 'yellow']);
  });

  it('has /rules in sections along the game: setup, a round, scoring, Black Jack, two players, how the bot decides', () => {
    const sections = rulesSections(t('rules.halunken'), t('game.halunken.name'));
    expect(sections.map((section) => section.title)).toEqual(['Halunken & Spelunken', 'Setup', 'A round', 'Scoring', 'Black Jack (standard game)', 'Two players', 'How this bot decides unclear cases']);
    for (const section of sections) expect(section.body.length).toBeLessThanOrEqual(4096);
    const decisions = sections.at(-1)?.body ?? '';
    for (const decision of ['4-11 and 15', 'whether or not you steal', 'optional', 'just one possible choice', 'opening pass', 'random free number', 'resigns', 'next player']) {
      expect(decisions).toContain(decision);
    }
    const nl = rulesSections(translator('nl')('rules.halunken'), 'Halunken & Spelunken');
    expect(nl.map((section) => section.title)).toEqual(['Halunken & Spelunken', 'Voorbereiding', 'Een ronde', 'Telling', 'Black Jack (standaardspel)', 'Met twee spelers', 'Zo beslist de bot in twijfelgevallen']);
    expect(nl.find((section) => section.title === 'Telling')?.body).toContain('**Lange partij**: drie spellen achter elkaar');
  });

  it('says in the status line what the game waits for', () => {
    let s = halunken.setup({ seats: 3, seed: 'status', options: { variant: 'standard', long: true } });
    const c = ctxFor(3);
    expect(presenter.status(view(s, null), c)).toBe('Setup (game 1 of 3): Anne places a captain.');
    expect(presenter.panel(view(s, 1), [], c).text).toContain('⏳ Anne places a captain.');
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    expect(presenter.status(view(s, null), c)).toMatch(/^Setup \(game 1 of 3\): (Anne|Bart|Cees) places Black Jack\.$/);
    s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'placeBlackJack', space: 12 });
    expect(presenter.status(view(s, null), c)).toMatch(/^Round 1 of 8 \(game 1 of 3\): (Anne|Bart|Cees) to bid for Black Jack \(no offer yet\)\.$/);
  });
});

describe('Halunken view through the presenter', () => {
  it('a spectator view holds no chosen card, so the board cannot show one', () => {
    let s = halunken.setup({ seats: 3, seed: 'spectator', options: { variant: 'beginner', long: false } });
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    s = halunken.apply(s, 1, { type: 'choose', card: 6 });
    const spectator: HalunkenView = view(s, null);
    expect(spectator.ownChoice).toBeNull();
    expect(spectator.chosen).toEqual([false, true, false]);
    expect(JSON.stringify(spectator)).toBe(JSON.stringify(view({ ...s, choices: [null, 2, null] }, null)));
  });
});

describe('Halunken final score and endings', () => {
  /** A whole game played at random to its end. */
  function finished(options: HalunkenOptions, seats: number, seed: string): HalunkenState {
    const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seed.length * 31 + seats })[0] as fc.Stream<number>;
    const s = play({ options, seatPick: seats - seatRange(options).min, seed, steps: 5000, picks });
    expect(halunken.isOver(s)).toBe(true);
    return s;
  }

  /** The points a breakdown adds up to: "2 × 22 yellow + 9 grey" is 53; in a long game the games' points. */
  function sumOf(text: string, long: boolean): number {
    const parts = (long ? text.replace(/ \(.*\)/g, '') : text).split(' + ');
    return parts.reduce((sum, part) => {
      const doubled = /^2 × (\d+) /.exec(part);
      return sum + (doubled ? 2 * Number(doubled[1]) : Number(/^(\d+)/.exec(part)?.[1] ?? NaN));
    }, 0);
  }

  it('breaks each final score down by colour, the doubled colour counted twice, adding up to the score', () => {
    for (const [seats, seed] of [[3, 'x'], [4, 'y']] as const) {
      const s = finished({ variant: 'beginner', long: false }, seats, seed);
      const c = ctxFor(seats);
      const result = halunken.result(s);
      for (let seat = 0; seat < seats; seat++) {
        const text = presenter.breakdown?.(view(s, null), seat, c) as string;
        expect(text).toMatch(/^2 × \d+ (yellow|grey|violet|red)( \+ \d+ (yellow|grey|violet|red))*$/);
        expect(sumOf(text, false)).toBe(result?.scores[seat]);
      }
    }
    // One crew spelled out: yellow 10 + 12 doubled, grey 9, red 15 (violet: none).
    const s = finished({ variant: 'beginner', long: false }, 3, 'z');
    const crews = [[r(15), y(10), g(9), y(12)], [v(3)], []];
    const spelled: HalunkenState = { ...s, crews };
    expect(presenter.breakdown?.(view(spelled, null), 0, ctxFor(3))).toBe('2 × 22 yellow + 9 grey + 15 red');
    expect(presenter.breakdown?.(view(spelled, null), 1, ctxFor(3))).toBe('2 × 3 violet');
    expect(presenter.breakdown?.(view(spelled, null), 2, ctxFor(3))).toBe('no sailors');
    expect(presenter.breakdown?.(view(spelled, null), 0, { ...ctxFor(3), t: translator('nl') })).toBe('2 × 22 geel + 9 grijs + 15 rood');
  });

  it('in a long game gives the points of each game, the last one by colour', () => {
    const s = finished({ variant: 'standard', long: true }, 3, 'long');
    const c = ctxFor(3);
    const result = halunken.result(s);
    for (let seat = 0; seat < 3; seat++) {
      const text = presenter.breakdown?.(view(s, null), seat, c) as string;
      expect(text).toMatch(/^\d+ in game 1 \+ \d+ in game 2 \+ \d+ in game 3 \((2 × \d+ \w+( \+ \d+ \w+)*|no sailors)\)$/);
      expect(sumOf(text, true)).toBe(result?.scores[seat]);
      const last = /in game 3 \((.*)\)$/.exec(text)?.[1] as string;
      expect(last === 'no sailors' ? 0 : sumOf(last, false)).toBe(s.gameScores[2]?.[seat]);
    }
    expect(presenter.breakdown?.(view(s, null), 0, { ...c, t: translator('nl') })).toMatch(/^\d+ in spel 1 \+ \d+ in spel 2 \+ \d+ in spel 3 \(/);
  });

  it('when the others leave, every text says so: the post lines, the status, the panel and the ranking', () => {
    const c = ctxFor(3);
    const nlCtx = { ...c, t: translator('nl') };
    let s = halunken.setup({ seats: 3, seed: 'leave', options: { variant: 'standard', long: false } });
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    s = halunken.resign(s, 1);
    expect(halunken.isOver(s)).toBe(false);
    expect(presenter.describe(view(s, null).events, c)).toEqual(['Bart is out of the game; their only sailor leaves play.']);
    s = halunken.resign(s, 2);
    expect(halunken.isOver(s)).toBe(true);
    const lines = presenter.describe(view(s, null).events, c);
    expect(lines).toEqual(['Cees is out of the game; their only sailor leaves play.', 'Only Anne is still playing: the game ends here and is scored as it stands.']);
    expect(presenter.describe(view(s, null).events, nlCtx)).toEqual([
      'Cees doet niet meer mee; de enige matroos van Cees gaat uit het spel.',
      'Alleen Anne speelt nog: de partij eindigt hier en de stand wordt meteen geteld.',
    ]);
    expect(presenter.status(view(s, null), c)).toBe('The game is over: everyone else left.');
    expect(presenter.status(view(s, null), nlCtx)).toBe('De partij is afgelopen: alle anderen zijn vertrokken.');
    const score = halunken.result(s)?.scores[0] as number;
    expect(presenter.panel(view(s, 0), [], c).text).toContain(`The game is over: everyone else left. Final score: Anne ${score}, Bart 0 (left), Cees 0 (left).`);
    expect(presenter.panel(view(s, 1), [], nlCtx).text).toContain(`De partij is afgelopen: alle anderen zijn vertrokken. Eindstand: Anne ${score}, Bart 0 (vertrokken), Cees 0 (vertrokken).`);
    expect(presenter.breakdown?.(view(s, null), 0, c)).toMatch(/^2 × \d+ \w+$/);
    // That they left, the ranking line says (post-content.ts): nothing more to account for.
    expect(presenter.breakdown?.(view(s, null), 1, c)).toBe('');
    expect(presenter.breakdown?.(view(s, null), 2, nlCtx)).toBe('');
    // Nothing claims a game played to its end.
    for (const text of [...lines, presenter.status(view(s, null), c)]) expect(text).not.toMatch(/8 rounds|Scoring|round 8/i);
  });

  it('two players: one leaves and the other is left alone; four: two leave and too few remain', () => {
    let two = halunken.setup({ seats: 2, seed: 'two-leave', options: { variant: 'standard', long: true } });
    two = halunken.resign(two, 1);
    expect(presenter.describe(view(two, null).events, ctxFor(2)).at(-1)).toBe('Only Anne is still playing: the long game ends here, and game 1 is scored as it stands.');
    expect(presenter.breakdown?.(view(two, null), 1, ctxFor(2))).toBe('');
    let four = halunken.setup({ seats: 4, seed: 'four-leave', options: { variant: 'beginner', long: false } });
    four = halunken.resign(four, 3);
    four = halunken.resign(four, 0);
    expect(presenter.describe(view(four, null).events, ctx).at(-1)).toBe('Only Bart and Cees are still playing, too few to go on: the game ends here and is scored as it stands.');
    expect(presenter.status(view(four, null), ctx)).toBe('The game is over: too few players are left.');
  });

  it('a long game a player left after game 1 keeps his points from it', () => {
    let s = finished({ variant: 'beginner', long: true }, 4, 'kept');
    // Dirk left during game 2: he scored in game 1 only.
    const game1 = s.gameScores[0]?.[3] as number;
    s = { ...s, resigned: [false, false, false, true], gameScores: s.gameScores.map((row, i) => (i === 0 ? row : row.map((score, seat) => (seat === 3 ? 0 : score)))) };
    expect(presenter.breakdown?.(view(s, null), 3, ctx)).toBe(`${game1} in game 1`);
  });
});
