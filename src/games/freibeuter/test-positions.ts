import { seedRng, type Seat } from '../../engine/index.js';
import {
  BOATS,
  FIELDS,
  dutchmanDeck,
  fieldIndex,
  freibeuter,
  pointAt,
  seaDeck,
  tokenSet,
  type DutchmanCard,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterEvent,
  type FreibeuterState,
  type Phase,
  type PlayerState,
  type SeaCard,
  type ShipValue,
  type Token,
} from './rules.js';
import { runMoves } from '../../../tests/support/moves.js';

/** Hand-made Freibeuter positions and small helpers for the rules tests. */

// The players of the rulebook's examples, by seat.
export const ANNE = 0;
export const MARC = 1;
export const CARL = 2;

export const ship = (value: ShipValue): Token => ({ kind: 'ship', value });
export const PIRATE: Token = { kind: 'pirate' };
export const double = (value: ShipValue): Token => ({ kind: 'double', value });

/** Points named by their top-left field, as on the board: B2 is the point between B2, B3, C2 and C3. */
export const B2 = pointAt('B2');
export const B3 = pointAt('B3');
export const C2 = pointAt('C2');
export const C3 = pointAt('C3');

/** Takes one copy of each card from `from` (where there is one); returns the cards found. */
function take<C>(from: C[], cards: readonly C[]): void {
  for (const card of cards) {
    const i = from.indexOf(card);
    if (i >= 0) from.splice(i, 1);
  }
}

/**
 * A hand-made position, in the turn of `current` (seat 0 unless told). Tokens lie in the
 * unshuffled order of `tokenSet` (ships 5 on points 0-6, 10 on 7-13, 15 on 14-20, 20 on 21-27,
 * pirate treasures on 28-31, doubles on 32-35) unless overridden. Each boat on the sea used up
 * a sea card of its field (on the discard pile); hands not given are dealt from the rest, and the
 * rest forms the piles, so that every card is accounted for unless piles are given.
 */
export function position(p: {
  seats?: number;
  current?: Seat;
  boats?: Partial<Record<FieldName, Seat[]>>;
  tokens?: Record<number, Token | null>;
  boarded?: Record<number, Seat>;
  hands?: ({ sea?: SeaCard[]; dutchman?: DutchmanCard[] } | undefined)[];
  treasure?: number[];
  supply?: number[];
  ships?: ShipValue[][];
  loans?: number[][];
  doubles?: ShipValue[];
  seaPile?: SeaCard[];
  dutchmanPile?: DutchmanCard[];
  phase?: Phase;
  /** The rules version the position is played under (default: the current one). */
  rules?: number;
}): FreibeuterState {
  const seats = p.seats ?? 3;
  const sea: Seat[][] = FIELDS.map((name) => [...(p.boats?.[name] ?? [])]);
  const tokens: (Token | null)[] = tokenSet();
  for (const [point, token] of Object.entries(p.tokens ?? {})) tokens[Number(point)] = token;
  const boarded: (Seat | null)[] = tokens.map(() => null);
  for (const [point, seat] of Object.entries(p.boarded ?? {})) boarded[Number(point)] = seat;

  const seaRest = seaDeck();
  const seaDiscard: SeaCard[] = [];
  sea.forEach((boats, field) => {
    for (let k = 0; k < boats.length; k++) seaDiscard.push(FIELDS[field] as FieldName);
  });
  take(seaRest, seaDiscard);
  const dutchmanRest = dutchmanDeck();
  for (const hand of p.hands ?? []) {
    take(seaRest, hand?.sea ?? []);
    take(dutchmanRest, hand?.dutchman ?? []);
  }
  const players: PlayerState[] = Array.from({ length: seats }, (_, seat) => {
    const given = p.hands?.[seat];
    const onSea = sea.flat().filter((x) => x === seat).length;
    const onShips = boarded.filter((x) => x === seat).length;
    return {
      treasure: p.treasure?.[seat] ?? 20,
      boats: p.supply?.[seat] ?? BOATS - onSea - onShips,
      lost: 0,
      ships: [...(p.ships?.[seat] ?? [])],
      loans: [...(p.loans?.[seat] ?? [])],
      hand: {
        sea: given?.sea ? [...given.sea] : seaRest.splice(seaRest.length - 4, 4),
        dutchman: given?.dutchman ? [...given.dutchman] : dutchmanRest.splice(dutchmanRest.length - 1, 1),
      },
      resigned: false,
    };
  });
  return {
    rules: p.rules ?? freibeuter.rulesVersion,
    seats,
    rng: seedRng('test'),
    sea,
    tokens,
    boarded,
    dutchman: null,
    seaPile: p.seaPile ? [...p.seaPile] : seaRest,
    dutchmanPile: p.dutchmanPile ? [...p.dutchmanPile] : dutchmanRest,
    seaDiscard,
    dutchmanDiscard: [],
    setAside: { sea: [], dutchman: [] },
    doubles: [...(p.doubles ?? [])],
    escaped: [],
    players,
    current: p.current ?? 0,
    turn: 1,
    phase: p.phase ?? 'turn',
    pending: [],
    end: null,
    events: [],
  };
}

export const apply = (s: FreibeuterState, seat: Seat, a: FreibeuterAction) => freibeuter.apply(s, seat, a);
export const place = (field: FieldName): FreibeuterAction => ({ type: 'place', field });

export const ofType = <T extends FreibeuterEvent['type']>(events: FreibeuterEvent[], type: T) =>
  events.filter((e): e is Extract<FreibeuterEvent, { type: T }> => e.type === type);

export const player = (s: FreibeuterState, seat: Seat) => s.players[seat] as PlayerState;
export const treasures = (s: FreibeuterState) => s.players.map((p) => p.treasure);
export const boatsAt = (s: FreibeuterState, field: FieldName) => s.sea[fieldIndex(field)];

/** Applies the actions in order and collects the events of those actions. */
export const run = (s: FreibeuterState, ...moves: [Seat, FreibeuterAction][]): { s: FreibeuterState; events: FreibeuterEvent[] } =>
  runMoves(freibeuter, s, moves);

// Several rings closed by one move: the positions of the tests of the order of resolution.

export const order = (...points: number[]): FreibeuterAction => ({ type: 'order', points });
export const loans = (s: FreibeuterState) => s.players.map((p) => p.loans);

/**
 * The rulebook's payment and its credit example at once: Anne's boat on C3 closes Marc's 15/3 at
 * B2-C3 (Anne has two boats around it, Carl one, Marc his own: Marc owes 9 and holds only 2) and a
 * pirate treasure at B3-C4, around which Marc has four boats (8 for him) and Anne one.
 */
export const rulebookRings = (p: { tokens?: Record<number, Token>; rules?: number } = {}) =>
  position({
    rules: p.rules,
    current: ANNE,
    boats: { B2: [ANNE], C2: [CARL], B3: [MARC], B4: [MARC], C4: [MARC, MARC] },
    tokens: { [B2]: ship(15), [B3]: PIRATE, ...p.tokens },
    boarded: { [B2]: MARC },
    treasure: [20, 2, 20],
    hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
  });

/** Marc boarded the 20/4 at B2-C3 (owing 12: Anne's B2 and C3, Carl's C2) and the 5/1 at B3-C4 (owing 4); he holds 10. */
export const onePayerTwoShips = (rules?: number) =>
  position({
    rules,
    current: ANNE,
    boats: { B2: [ANNE], C2: [CARL], B3: [MARC], B4: [CARL], C4: [CARL, CARL] },
    tokens: { [B2]: ship(20), [B3]: ship(5) },
    boarded: { [B2]: MARC, [B3]: MARC },
    treasure: [20, 10, 20],
    hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
  });

/** Marc's 10 at B2-C3 and Carl's 10 at B3-C4: two payers, each owing 8, and both can pay. */
export const twoRichPayers = (rules?: number) =>
  position({
    rules,
    current: ANNE,
    boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [MARC] },
    tokens: { [B2]: ship(10), [B3]: ship(10) },
    boarded: { [B2]: MARC, [B3]: CARL },
    treasure: [20, 20, 20],
    hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
  });
