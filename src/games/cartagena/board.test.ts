import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { cartagena, SHIP, START, occupancy, type CartagenaSymbol } from './rules.js';
import { S, act, exampleTunnel, lastMove, position, tunnelOf } from './test-positions.js';

/** Moving a pirate: forward to the next free space of the card's symbol, back to the nearest space with one or two pirates. */

describe('Cartagena: the rulebook examples', () => {
  // Seats: 0 yellow, 1 red, 2 blue.
  const board = () =>
    position({
      tunnel: exampleTunnel,
      pirates: [
        [9, 6, START, START, START, START],
        [8, 6, 12, START, START, START],
        [17, START, START, START, START, START],
      ],
      hands: [[S.skull], [S.hat], [S.key]],
    });

  it("yellow's skull card takes his pirate from 9 to 23, skipping the occupied skulls on 12 and 17", () => {
    const s = act(board(), { type: 'forward', card: S.skull, from: 9 });
    expect(s.pirates[0]).toContain(23);
    expect(s.pirates[0]).not.toContain(9);
    expect(lastMove(s)).toMatchObject({ type: 'forward', seat: 0, card: S.skull, from: 9, to: 23 });
    expect(s.hands[0]).toEqual([]);
    expect(s.discardPile).toEqual([S.skull]);
  });

  it('red moves back from 8 to 6, where two pirates stand, and draws two cards', () => {
    const s = act({ ...board(), current: 1 }, { type: 'back', from: 8 });
    expect(s.pirates[1]).toEqual([6, 6, 12, START, START, START]);
    expect(occupancy(s, 6)).toBe(3);
    expect(s.hands[1]).toHaveLength(3);
    expect(lastMove(s)).toMatchObject({ type: 'back', from: 8, to: 6, drawCount: 2 });
  });

  // The Tortuga picture: blue (seat 0) to move; red holds 17 twice; yellow 12 and bottle 27; green bottle 33.
  const blueTunnel = tunnelOf(
    [S.skull, S.key, S.bottle, S.pistol, S.hat, S.dagger],
    [S.dagger, S.skull, S.key, S.bottle, S.pistol, S.hat],
    [S.skull, S.bottle, S.dagger, S.key, S.pistol, S.hat],
    [S.skull, S.bottle, S.key, S.pistol, S.hat, S.dagger],
    [S.skull, S.key, S.bottle, S.dagger, S.pistol, S.hat],
    [S.skull, S.key, S.bottle, S.dagger, S.pistol, S.hat],
  );
  const row: CartagenaSymbol[] = [S.key, S.dagger, S.dagger, S.hat, S.skull, S.pistol, S.key, S.hat, S.skull, S.pistol, S.key, S.hat];
  const blueBoard = () =>
    position({
      version: 'tortuga',
      tunnel: blueTunnel,
      pirates: [
        [START, 6, 6, 17, 18, 20],
        [17, 17, START, START, START, START],
        [12, 27, START, START, START, START],
        [33, START, START, START, START, START],
      ],
      hands: [[S.dagger, S.dagger, S.dagger, S.dagger, S.bottle], [S.key], [S.hat], [S.pistol]],
      row,
    });

  it("blue's first idea: three daggers take pirates to 7, 15 and 24", () => {
    const s = act(
      blueBoard(),
      { type: 'forward', card: S.dagger, from: START },
      { type: 'forward', card: S.dagger, from: 6 },
      { type: 'forward', card: S.dagger, from: 6 },
    );
    expect([...(s.pirates[0] as number[])].sort((a, b) => a - b)).toEqual([7, 15, 17, 18, 20, 24]);
    expect(s.current).toBe(1); // three actions end the turn
  });

  it("blue's second idea: three moves back draw 1 + 2 + 2 = 5 cards from the row", () => {
    const s = act(blueBoard(), { type: 'back', from: 17 }, { type: 'back', from: 18 }, { type: 'back', from: 17 });
    expect([...(s.pirates[0] as number[])].sort((a, b) => a - b)).toEqual([START, 6, 6, 12, 12, 20]);
    expect(s.hands[0]).toHaveLength(5 + 5);
    expect(s.hands[0]?.slice(5)).toEqual(row.slice(0, 5)); // drawn in the row's order
    expect(s.row).toEqual(row.slice(5));
  });

  it("blue's third idea: bottle to the ship, back from 18 to 17 for two cards, dagger to 7", () => {
    const s = act(blueBoard(), { type: 'forward', card: S.bottle, from: 17 }, { type: 'back', from: 18 }, { type: 'forward', card: S.dagger, from: START });
    expect([...(s.pirates[0] as number[])].sort((a, b) => a - b)).toEqual([6, 6, 7, 17, 20, SHIP]);
    expect(s.hands[0]).toHaveLength(5 - 2 + 2);
  });
});

describe('Cartagena: moving forward', () => {
  it('boards the ship when no free space with the symbol lies ahead', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [
        [30, START, START, START, START, START],
        [36, START, START, START, START, START],
      ],
      hands: [[S.hat], []],
    });
    expect(act(s, { type: 'forward', card: S.hat, from: 30 }).pirates[0]).toContain(SHIP);
  });

  it('offers one action per card symbol and pirate position, none for pirates on the ship', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [
        [START, START, 5, 5, SHIP, SHIP],
        [START, START, START, START, START, START],
      ],
      hands: [[S.key, S.key, S.hat], []],
    });
    const forward = cartagena.legalActions(s, 0).filter((a) => a.type === 'forward');
    expect(forward).toEqual([
      { type: 'forward', card: S.key, from: START },
      { type: 'forward', card: S.key, from: 5 },
      { type: 'forward', card: S.hat, from: START },
      { type: 'forward', card: S.hat, from: 5 },
    ]);
  });
});

describe('Cartagena: moving back', () => {
  const tunnel = exampleTunnel;
  it('skips empty spaces and spaces with three pirates', () => {
    const s = position({
      tunnel,
      pirates: [
        [10, START, START, START, START, START],
        [8, 8, 8, 4, START, START],
      ],
      hands: [[], []],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.pirates[0]).toContain(4);
    expect(next.hands[0]).toHaveLength(1);
  });

  it('may not pass a one-pirate space to reach a two-pirate space', () => {
    const s = position({
      tunnel,
      pirates: [
        [10, START, START, START, START, START],
        [7, 3, 3, START, START, START],
      ],
      hands: [[], []],
    });
    expect(act(s, { type: 'back', from: 10 }).pirates[0]).toContain(7);
  });

  it('is not allowed when no occupied space lies behind: the start area is never a target', () => {
    const s = position({
      tunnel,
      pirates: [
        [10, START, START, START, START, START],
        [START, START, START, START, START, START],
      ],
      hands: [[S.key], []],
    });
    expect(cartagena.legalActions(s, 0).some((a) => a.type === 'back')).toBe(false);
    expect(() => cartagena.apply(s, 0, { type: 'back', from: 10 })).toThrow(IllegalAction);
  });

  it('is allowed from the ship', () => {
    const s = position({
      tunnel,
      pirates: [
        [SHIP, START, START, START, START, START],
        [30, START, START, START, START, START],
      ],
      hands: [[], []],
    });
    expect(act(s, { type: 'back', from: SHIP }).pirates[0]).toContain(30);
  });
});
