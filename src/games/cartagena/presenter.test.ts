import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { cartagena, SHIP, START, type CartagenaAction } from './rules.js';
import { cartagenaPresenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { S, exampleTunnel, position, wonByAnnsHat } from './test-positions.js';
import { playersAt } from '../../../tests/support/players.js';

const ctx = {
  t: translator('en'),
  players: playersAt(['Ann', 'Ben', 'Cas', 'Dee', 'Eve'], 'red'),
};

describe('Cartagena panel', () => {
  it("labels a move with where the pirate will land, and shows only the viewer's own hand", () => {
    const s = cartagena.setup({ seats: 3, seed: 'labels', options: { version: 'jamaica' } });
    const legal = cartagena.legalActions(s, s.current);
    const panel = cartagenaPresenter.panel(cartagena.view(s, s.current), legal, ctx);
    const forward = panel.groups.find((g) => g.kind === 'select')?.choices ?? [];
    for (const choice of forward) {
      const action = legal[choice.index] as Extract<CartagenaAction, { type: 'forward' }>;
      const next = cartagena.apply(s, s.current, action);
      const landed = next.events.find((e) => e.type === 'forward');
      const to = landed && 'to' in landed ? landed.to : -1;
      expect(choice.label.endsWith(to === 37 ? 'ship' : String(to))).toBe(true);
    }
    expect(panel.text).toContain('Your hand');
    expect(panel.text).toContain("It's your turn");
  });

  it('describes public events without naming the cards drawn in Jamaica', () => {
    const lines = cartagenaPresenter.describe([{ type: 'back', seat: 1, from: 9, to: 4, drew: [], drawCount: 2 }], ctx);
    // The player's shape before his name, as on his pirates ("●" for red).
    expect(lines).toEqual(['● Ben moved a pirate back from space 9 to space 4 and drew 2 cards.']);
    const open = cartagenaPresenter.describe([{ type: 'back', seat: 1, from: 9, to: 4, drew: ['key', 'hat'], drawCount: 2 }], ctx);
    expect(open[0]).toContain('🔑 🎩');
  });

  it('says how the game was won: all six aboard, or as the last player left', () => {
    expect(
      cartagenaPresenter.describe(
        [
          { type: 'forward', seat: 0, card: 'hat', from: 33, to: 37 },
          { type: 'won', seat: 0 },
        ],
        ctx,
      )[1],
    ).toBe('🏆 Ann has all six pirates aboard and wins!');
    const resigned = cartagenaPresenter.describe(
      [
        { type: 'resigned', seat: 1 },
        { type: 'won', seat: 0 },
      ],
      ctx,
    );
    expect(resigned).toEqual([
      'Ben is out of the game: their pirates left the tunnel and their cards went to the discard pile.',
      '🏆 Ann is the last player left and wins!',
    ]);
    const nl = cartagenaPresenter.describe(
      [
        { type: 'resigned', seat: 1 },
        { type: 'won', seat: 0 },
      ],
      { ...ctx, t: translator('nl') },
    );
    expect(nl[1]).toBe('🏆 Ann blijft als enige over en wint!');
  });

  it("shows the viewer's shape with his pirates in the panel", () => {
    const s = cartagena.setup({ seats: 2, seed: 'mark', options: { version: 'jamaica' } });
    const players = [
      { ...ctx.players[0]!, colour: 'red' },
      { ...ctx.players[1]!, colour: 'blue' },
    ];
    const panel = cartagenaPresenter.panel(cartagena.view(s, 1), cartagena.legalActions(s, 1), { ...ctx, players });
    expect(panel.text).toContain('Your pirates ■: start ×6');
  });

  it('asks for a public post when the turn passes or the game ends, not after each single move', () => {
    let s = cartagena.setup({ seats: 2, seed: 'posts', options: { version: 'jamaica' } });
    const move = cartagena.legalActions(s, s.current).find((a) => a.type === 'forward') as CartagenaAction;
    s = cartagena.apply(s, s.current, move);
    expect(turnEnded(s.events)).toBe(false);
    s = cartagena.apply(s, s.current, { type: 'end' });
    expect(turnEnded(s.events)).toBe(true);
    // When the next player is skipped the same player moves again, but his turn still closed.
    expect(
      turnEnded([
        { type: 'turn-passed', seat: 0, reason: 'ended' },
        { type: 'skipped', seat: 1 },
      ]),
    ).toBe(true);
    expect(turnEnded([{ type: 'won', seat: 0 }])).toBe(true);
  });

  it('says why a choice stands out, and nothing when it does not', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [
        [SHIP, SHIP, SHIP, SHIP, 36, 5],
        [6, 6, START, START, START, START],
      ],
      hands: [[S.hat, S.dagger], []],
    });
    const panel = cartagenaPresenter.panel(cartagena.view(s, 0), cartagena.legalActions(s, 0), ctx);
    const choices = panel.groups.flatMap((g) => g.choices);
    const byLabel = (label: string) => choices.find((c) => c.label === label);
    // Hat from 36 boards the ship: the fifth pirate aboard; dagger from 5 only moves on.
    expect(byLabel('Hat: 36 → ship')?.description).toBe('5 of your 6 pirates aboard after this.');
    expect(byLabel('Dagger: 5 → 7')?.description).toBeUndefined();
    expect(byLabel('ship → 36, draw 1')?.description).toBe('You take a pirate off the ship.');
    const last = position({
      tunnel: exampleTunnel,
      pirates: [
        [SHIP, SHIP, SHIP, SHIP, SHIP, 36],
        [6, START, START, START, START, START],
      ],
      hands: [[S.hat], []],
    });
    const winning = cartagenaPresenter.panel(cartagena.view(last, 0), cartagena.legalActions(last, 0), ctx);
    expect(winning.groups[0]?.choices[0]?.description).toBe('Your last pirate boards the ship: you win.');
  });

  it("names the cards a move back draws from Tortuga's open row", () => {
    const s = position({
      version: 'tortuga',
      tunnel: exampleTunnel,
      pirates: [
        [10, 8, START, START, START, START],
        [6, 6, START, START, START, START],
      ],
      hands: [[], []],
      row: [S.key],
    });
    const panel = cartagenaPresenter.panel(cartagena.view(s, 0), cartagena.legalActions(s, 0), ctx);
    const back = panel.groups.flatMap((g) => g.choices);
    expect(back.find((c) => c.label === '10 → 8, draw 1')?.description).toBe('You draw 🔑 from the open row.');
    expect(back.find((c) => c.label === '8 → 6, draw 2')?.description).toBe('You draw 🔑 and the first card of a new row.');
  });

  it('breaks a final score down: pirates aboard, then where the others stand, the start counting 0', () => {
    const view = cartagena.view(wonByAnnsHat(), null);
    const lines = [0, 1, 2].map((seat) => cartagenaPresenter.breakdown?.(view, seat, ctx));
    expect(lines).toEqual(['', '2 in the tunnel, on spaces 3 + 3 = 6, 3 still at the start', '1 in the tunnel, on space 30, 4 still at the start']);
    const nl = [1, 2].map((seat) => cartagenaPresenter.breakdown?.(view, seat, { ...ctx, t: translator('nl') }));
    expect(nl).toEqual(['2 in de tunnel, op de vakjes 3 + 3 = 6, 3 nog bij de start', '1 in de tunnel, op vakje 30, 4 nog bij de start']);
    expect(cartagenaPresenter.status(view, ctx)).toBe('The game is over. Ann won with all six pirates aboard.');
  });

  it('tells a game won because the others resigned as such, everywhere and in both languages', () => {
    const start = cartagena.setup({ seats: 3, seed: 'resign', options: { version: 'jamaica' } });
    const winner = (start.current + 2) % 3;
    const first = cartagena.resign(start, start.current);
    const out = cartagenaPresenter.panel(cartagena.view(first, start.current), [], ctx).text;
    expect(out).toContain('You are out of this game.');
    expect(out).not.toContain('Your pirates');
    const s = cartagena.resign(first, (start.current + 1) % 3);
    expect(s.winner).toBe(winner);
    const name = ctx.players[winner]?.name as string;
    const view = cartagena.view(s, null);
    const events = [...first.events, ...s.events];
    const lines = cartagenaPresenter.describe(events, ctx);
    expect(lines.at(-1)).toBe(`🏆 ${name} is the last player left and wins!`);
    expect(lines.join('\n')).not.toMatch(/aboard/);
    expect(cartagenaPresenter.status(view, ctx)).toBe(`The game is over. ${name} won as the last player left.`);
    const panel = cartagenaPresenter.panel(cartagena.view(s, winner), [], ctx);
    expect(panel.text).toContain(`The game is over. ${name} won as the last player left.`);
    const leavers = [0, 1, 2].filter((seat) => seat !== winner);
    // That they left, the ranking line says (post-content.ts): nothing more to account for.
    expect(leavers.map((seat) => cartagenaPresenter.breakdown?.(view, seat, ctx))).toEqual(['', '']);
    expect(cartagenaPresenter.breakdown?.(view, winner, ctx)).toBe('6 still at the start');

    const nl = { ...ctx, t: translator('nl') };
    expect(cartagenaPresenter.describe(events, nl).at(-1)).toBe(`🏆 ${name} blijft als enige over en wint!`);
    expect(cartagenaPresenter.status(view, nl)).toBe(`De partij is afgelopen. ${name} heeft gewonnen als enige overgebleven speler.`);
    expect(cartagenaPresenter.breakdown?.(view, winner, nl)).toBe('6 nog bij de start');
  });

  it('says when nobody could move any more, without repeating that the game is over', () => {
    expect(cartagenaPresenter.describe([{ type: 'turn-passed', seat: 0, reason: 'ended' }, { type: 'stalemate' }], ctx)).toEqual(['Nobody can move any more.']);
  });

  it('gives the status of a running turn, with the actions left only once some were used', () => {
    let s = cartagena.setup({ seats: 2, seed: 'status', options: { version: 'jamaica' } });
    const name = ctx.players[s.current]?.name as string;
    expect(cartagenaPresenter.status(cartagena.view(s, null), ctx)).toBe(`Turn 1: ${name} to move.`);
    s = cartagena.apply(s, s.current, cartagena.legalActions(s, s.current).find((a) => a.type === 'forward') as CartagenaAction);
    expect(cartagenaPresenter.status(cartagena.view(s, null), ctx)).toBe(`Turn 1: ${name} to move, 2 of 3 actions left.`);
  });
});
