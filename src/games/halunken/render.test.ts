import { describe, expect, it, vi } from 'vitest';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState, type Seat } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { font, newCanvas } from '../../render/index.js';
import { legibilityOf, textDrawnBy } from '../../render/text-sizes.js';
import { COLOURS as SAILOR_COLOURS, SAILOR_CARDS, type SailorCard } from './cards.js';
import { PANELS } from './board-layout.js';
import { renderHalunkenBoard, type BoardPlayer } from './render.js';
import { cardKey, changesOf } from './board-changes.js';
import { halunken, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './rules.js';

/** Every sailor card drawn, in order: where, how large, and where its value is (or the older fanned cards' value x alone). */
type ValueArg = { x: number; y: number; size: number } | number | undefined;
const sailorCards = vi.hoisted(() => [] as { card: SailorCard; x: number; y: number; w: number; h: number; value: ValueArg }[]);
vi.mock('./board-cards.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./board-cards.js')>();
  const record =
    (draw: (...args: never[]) => void) =>
    (...args: unknown[]) => {
      const [, card, x, y, w, h, value] = args as [unknown, SailorCard, number, number, number, number, ValueArg];
      sailorCards.push({ card, x, y, w, h, value });
      return (draw as (...a: unknown[]) => void)(...args);
    };
  return { ...real, drawSailorCard: record(real.drawSailorCard), drawLostCard: record(real.drawLostCard) };
});

const t = translator('en');
/** A bot among them, whose short name ("Bram") a header must not use; a long name (32 characters is the most a name has). */
const NAMES = ['Anne Bonny', 'Bot Bram', 'Calico Jack Rackham of Nassau', 'Grace O’Malley'];
const COLOURS = ['blue', 'green', 'red', 'yellow'] as const;

function playersFor(seats: number, names: readonly string[] = NAMES): BoardPlayer[] {
  return names
    .slice(0, seats)
    .map((name, i) => ({ name, ...(name.startsWith('Bot ') ? { short: name.slice(4) } : {}), colour: COLOURS[i] as BoardPlayer['colour'] }));
}

/**
 * What the board may draw smaller than 22 px: the names under the pawns on the street and the word
 * "points" under a score, the values of crew cards under each colour's sum and a long game's
 * earlier scores, the legends of "×2" and of the marks of change, and the beginner game's reminder
 * of what the colours are worth.
 */
const SECONDARY = ['caption', 'breakdown', 'legend', 'rule'] as const;

/** Random legal play, bidding now and then; stops before the action where `stop` holds, or at the end. */
function play(seats: number, options: HalunkenOptions, seed: string, stop: (s: HalunkenState, actions: number) => boolean): HalunkenState {
  let s = halunken.setup({ seats, seed, options });
  const rng: RngState = seedRng(`${seed}:players`);
  for (let n = 0; !halunken.isOver(s) && !stop(s, n); n++) {
    const waiting = halunken.toAct(s);
    const seat = waiting[randomInt(rng, waiting.length)] as Seat;
    const legal = halunken.legalActions(s, seat);
    s = halunken.apply(s, seat, legal[randomInt(rng, legal.length)] as HalunkenAction);
  }
  return s;
}

const standard: HalunkenOptions = { variant: 'standard', long: false };
const beginner: HalunkenOptions = { variant: 'beginner', long: false };
const spectator = (s: HalunkenState) => halunken.view(s, null);

async function renderAndSave(name: string, state: HalunkenState): Promise<Buffer> {
  const png = await renderHalunkenBoard(spectator(state), playersFor(state.seats), t);
  saveArtifact(`halunken-${name}`, png);
  return png;
}

describe('Halunken board image', () => {
  it('renders the setup: face-down taverns, captains being placed', async () => {
    const state = play(4, standard, 'setup', (_, n) => n >= 2);
    expect(state.phase.name).toBe('placeCaptain');
    expectSanePng(await renderAndSave('setup-4p', state));
  });

  it('renders the middle of a round with a decision pending', async () => {
    const state = play(4, standard, 'decide', (s) => s.round >= 4 && s.phase.name === 'decide');
    expect(state.phase.name).toBe('decide');
    expect(state.laid.length).toBeGreaterThan(0);
    expectSanePng(await renderAndSave('mid-decision-4p', state));
  });

  it('renders the secret choice in the beginner game and the auction', async () => {
    const choosing = play(3, beginner, 'choose', (s) => s.round >= 3 && s.phase.name === 'choose' && s.choices.some((c) => c !== null));
    expectSanePng(await renderAndSave('beginner-choose-3p', choosing));
    const auction = play(3, standard, 'auction', (s) => s.round >= 2 && s.phase.name === 'auction' && s.phase.bids.length > 0);
    expectSanePng(await renderAndSave('auction-3p', auction));
  });

  it('renders the two-player game with Black Jack moving like a captain', async () => {
    const state = play(2, standard, 'two', (s) => s.round >= 5 && s.phase.name === 'choose');
    expectSanePng(await renderAndSave('two-player', state));
  });

  it('renders the end, and a long game in its second game', async () => {
    const end = play(4, standard, 'end', () => false);
    expect(end.phase.name).toBe('over');
    expectSanePng(await renderAndSave('end-4p', end));
    const long = play(3, { variant: 'standard', long: true }, 'long', (s) => s.game === 2 && s.round === 3);
    expectSanePng(await renderAndSave('long-game-2', long));
    const longEnd = play(3, { variant: 'beginner', long: true }, 'long-end', () => false);
    expectSanePng(await renderAndSave('long-end', longEnd));
  });

  it('stays readable when crowded: a crew of every yellow and red, a full harbour, a player who left', async () => {
    const base = play(4, standard, 'crowded', (s) => s.round >= 6 && s.phase.name === 'choose');
    const of = (colour: SailorCard['colour']) => SAILOR_CARDS.filter((c) => c.colour === colour);
    const state: HalunkenState = {
      ...base,
      // A picture, not a position reached by play.
      crews: [[...of('yellow'), ...of('red')], base.crews[1] as SailorCard[], [], base.crews[3] as SailorCard[]],
      harbour: [...of('grey'), ...of('violet')],
      resigned: [false, false, true, false],
      captains: base.captains.map((c, seat) => (seat === 2 ? null : c)),
    };
    expectSanePng(await renderAndSave('crowded', state));
  });

  it('draws nothing hidden: the image of a spectator does not change with the secret choices', async () => {
    const state = play(3, beginner, 'secret', (s) => s.round >= 2 && s.phase.name === 'choose' && s.choices.filter((c) => c !== null).length === 2);
    const players = playersFor(3);
    const a = await renderHalunkenBoard(spectator(state), players, t);
    const swapped = state.choices.map((c, seat) => (c === null ? null : ((state.hands[seat] as (number | 'rum')[]).find((x) => x !== c) ?? c)));
    const b = await renderHalunkenBoard(spectator({ ...state, choices: swapped }), players, t);
    expect(b.equals(a)).toBe(true);
  });

  it('refuses a player list that does not match the seats', async () => {
    await expect(renderHalunkenBoard(spectator(play(3, beginner, 'x', () => true)), playersFor(2), t)).rejects.toThrow(RangeError);
  });
});

/** The PNG's own width and height (IHDR). */

/** Landscape with room to spare: at Discord's 550 px wide a board stays within about 410 px of height. */
const MAX_HEIGHT_SHARE = 0.75;

describe('Halunken board at chat size', () => {
  const long: HalunkenOptions = { variant: 'standard', long: true };
  const twoPlayer = (s: HalunkenState) => s.seats === 2;
  const cases: { name: string; state: HalunkenState }[] = [];
  for (const [id, options, seats] of [
    ['standard 4p', standard, 4],
    ['beginner 4p', beginner, 4],
    ['two-player', standard, 2],
    ['standard 3p', standard, 3],
  ] as const) {
    cases.push({ name: `${id} fresh`, state: play(seats, options, `${id}-fresh`, (_, n) => n >= 1) });
    cases.push({ name: `${id} mid-game`, state: play(seats, options, `${id}-mid`, (s) => s.round >= 4 && s.events.some((e) => e.type === 'revealed')) });
    cases.push({ name: `${id} final`, state: play(seats, options, `${id}-final`, () => false) });
  }
  cases.push({
    name: 'standard 4p auction',
    state: play(4, standard, 'auction-4', (s) => s.round >= 3 && s.phase.name === 'auction' && s.phase.bids.length > 0),
  });
  cases.push({ name: 'standard 4p decision', state: play(4, standard, 'decide-4', (s) => s.round >= 3 && s.phase.name === 'decide') });
  cases.push({ name: 'long game, second game', state: play(4, long, 'long-2', (s) => s.game === 2 && s.round === 3) });
  cases.push({ name: 'long game final', state: play(4, long, 'long-final', () => false) });

  it('draws every board clearly wider than tall, what matters at 22 px and the rest at 16, nothing cut, in both languages', async () => {
    expect(cases.filter((c) => halunken.isOver(c.state)).length).toBeGreaterThanOrEqual(5);
    expect(cases.some((c) => twoPlayer(c.state))).toBe(true);
    const problems: string[] = [];
    for (const locale of ['en', 'nl'] as const) {
      const tl = translator(locale);
      for (const { name, state } of cases) {
        const board = await legibilityOf(() => renderHalunkenBoard(spectator(state), playersFor(state.seats), tl), {
          maxHeightShare: MAX_HEIGHT_SHARE,
          names: NAMES.slice(0, state.seats),
          secondary: SECONDARY,
          ellipsisAllowed: [tl('halunken.board.choosing')],
        });
        saveArtifact(`halunken-chat-${locale}-${name.replace(/[^a-z0-9]+/gi, '-')}`, board.png);
        problems.push(...board.problems.map((problem) => `${locale} ${name}: ${problem}`));
        expect(board.drawn.length).toBeGreaterThan(10);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('Halunken board: names in the player panels', () => {
  it('writes a long name whole beside the score, what the player is doing under it, in both languages', async () => {
    // 28 and 29 characters: whole in regular type on a panel's first row, unless Black Jack or a score of 100 takes room.
    const names = ['Bartholomeus van der Heijden', 'Bot Bram', 'Calico Jack Rackham of Nassau', 'Grace O’Malley'];
    const states = [2, 3, 4].flatMap((seats) => [
      play(seats, standard, `names-${seats}-choose`, (s) => s.round >= 3 && s.phase.name === 'choose'),
      play(seats, standard, `names-${seats}-decide`, (s) => s.round >= 3 && s.phase.name === 'decide'),
      play(seats, standard, `names-${seats}-fresh`, (_, n) => n >= 1),
    ]);
    const missing: string[] = [];
    for (const locale of ['en', 'nl'] as const) {
      for (const state of states) {
        const v = spectator(state);
        const drawn = await textDrawnBy(() => renderHalunkenBoard(v, playersFor(state.seats, names), translator(locale)));
        for (let seat = 0; seat < state.seats; seat++) {
          if (v.hirer === seat || (v.scores[seat]?.score ?? 0) >= 100) continue;
          const name = names[seat] as string;
          if (!drawn.some((d) => d.text === name && d.size >= 22)) missing.push(`${locale} ${state.seats}p ${state.phase.name}: ${name}`);
        }
      }
    }
    expect(states.some((s) => s.phase.name === 'choose' && s.seats === 4)).toBe(true);
    expect(missing).toEqual([]);
  });
});

describe('Halunken board: crew values', () => {
  /** Where the ink of `text` lies around the point it is drawn at (bold, centred, middle baseline), found in its pixels. */
  const inks = new Map<string, { left: number; right: number; top: number; bottom: number }>();
  function inkAround(text: string, size: number): { left: number; right: number; top: number; bottom: number } {
    const key = `${text}@${size}`;
    const known = inks.get(key);
    if (known) return known;
    const ctx = newCanvas(120, 80).getContext('2d');
    ctx.font = font(size, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#000';
    ctx.fillText(text, 60, 40);
    const { data } = ctx.getImageData(0, 0, 120, 80);
    const ink = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
    for (let i = 3; i < data.length; i += 4) {
      if ((data[i] as number) < 64) continue;
      const px = ((i - 3) / 4) % 120;
      const py = Math.floor((i - 3) / 4 / 120);
      ink.left = Math.min(ink.left, px - 60);
      ink.right = Math.max(ink.right, px + 1 - 60);
      ink.top = Math.min(ink.top, py - 40);
      ink.bottom = Math.max(ink.bottom, py + 1 - 40);
    }
    inks.set(key, ink);
    return ink;
  }
  /** The box of a card's value as drawn: its digits' ink, where the card puts its value. */
  function valueInk(c: (typeof sailorCards)[number]): { left: number; right: number; top: number; bottom: number; size: number } {
    const value = typeof c.value === 'object' ? c.value : { x: c.value ?? c.w / 2, y: c.h / 2 + 1, size: Math.round(c.h * 0.58) };
    const ink = inkAround(String(c.card.value), value.size);
    // Cards are copied to whole pixels.
    const x = Math.round(c.x) + value.x;
    const y = Math.round(c.y) + value.y;
    return { left: x + ink.left, right: x + ink.right, top: y + ink.top, bottom: y + ink.bottom, size: value.size };
  }

  it('keeps every value of a crew card in sight, however many cards of a colour a player holds, with 2, 3 and 4 players', async () => {
    const of = (colour: SailorCard['colour'], n: number) => SAILOR_CARDS.filter((c) => c.colour === colour).slice(-n);
    const problems: string[] = [];
    for (const seats of [2, 3, 4]) {
      const base = play(seats, standard, `crew-${seats}`, (s) => s.round >= 3 && s.phase.name === 'choose');
      for (const n of [4, 5, 6, 7, 8, 9, 10, 12]) {
        // A picture, not a position reached by play: the highest n of every colour (two-digit values last), in every crew.
        const state: HalunkenState = { ...base, crews: base.crews.map(() => SAILOR_COLOURS.flatMap((colour) => of(colour, n))) };
        sailorCards.length = 0;
        await renderHalunkenBoard(spectator(state), playersFor(seats), t);
        const crew = sailorCards.filter((c) => c.x >= PANELS.x);
        // The crews, and a card that left one in the last move, faded where it was.
        expect(crew.length, `${seats}p ${n}`).toBeGreaterThanOrEqual(state.crews.flat().length);
        crew.forEach((c, i) => {
          const ink = valueInk(c);
          const where = `${seats}p, ${n} of a colour: ${c.card.colour} ${c.card.value}`;
          if (ink.size < 16) problems.push(`${where} at ${ink.size} px`);
          // On its own card (a two-digit value may touch the outline)...
          if (ink.left < c.x - 1 || ink.right > c.x + c.w + 1 || ink.top < c.y || ink.bottom > c.y + c.h) problems.push(`${where} off its card`);
          // ... and under no card drawn after it (their outlines included).
          const over = crew.slice(i + 1).find((o) => ink.left < o.x + o.w + 1 && ink.right > o.x - 1 && ink.top < o.y + o.h + 1 && ink.bottom > o.y - 1);
          if (over) problems.push(`${where} under ${over.card.colour} ${over.card.value}`);
        });
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('Halunken board: what the last move changed', () => {
  it('marks where each piece came from and went, and the sailors that changed hands, from the public events', async () => {
    const state = play(4, standard, 'changes', (s) => s.round >= 3 && s.events.some((e) => e.type === 'blackJackMoved'));
    const v = spectator(state);
    const changes = changesOf(v);
    for (const e of v.events) {
      if (e.type === 'moved' || e.type === 'displaced') expect(changes.arrived.has(e.piece)).toBe(true);
      if (e.type === 'blackJackMoved') expect(changes.blackJackCard).toBe(e.card);
      if (e.type === 'tookTavernCard') expect(changes.gained.get(e.seat)?.has(cardKey(e.card))).toBe(true);
    }
    const first = v.events.find((e) => e.type === 'blackJackMoved');
    if (first?.type === 'blackJackMoved' && first.from !== v.blackJack) expect(changes.cameFrom.get('blackJack')).toBe(first.from);
    const revealed = v.events.find((e) => e.type === 'revealed');
    expect(changes.laid).toEqual(revealed?.type === 'revealed' ? revealed.laid : []);
    // The marks are drawn: the same table without the events looks different.
    const players = playersFor(4);
    const marked = await renderHalunkenBoard(v, players, t);
    const plain = await renderHalunkenBoard({ ...v, events: [] }, players, t);
    expect(marked.equals(plain)).toBe(false);
  });

  it('a robbery shows the card leaving one crew and joining another; a new deal of a long game forgets the old table', () => {
    const v = spectator(play(3, standard, 'rob', () => true));
    const robbed = changesOf({ ...v, events: [{ type: 'stole', seat: 0, from: 1, card: { colour: 'red', value: 9 }, by: 'blackJack' }] });
    expect([...(robbed.gained.get(0) ?? [])]).toEqual(['red:9']);
    expect(robbed.lost.get(1)).toEqual([{ colour: 'red', value: 9 }]);
    const taken = { type: 'tookTavernCard' as const, seat: 2, space: 3, card: { colour: 'grey' as const, value: 4 }, nextTop: null };
    const dealt = changesOf({ ...v, events: [taken, { type: 'gameStarted', game: 2, firstPlacer: 1 }] });
    expect(dealt.gained.size).toBe(0);
  });

  it('puts the result in the header of the final board', async () => {
    const end = play(4, standard, 'end', () => false);
    const v = spectator(end);
    const best = Math.max(...v.totals);
    const winner = v.totals.indexOf(best);
    const drawn = await textDrawnBy(() => renderHalunkenBoard(v, playersFor(4), t));
    expect(drawn.map((d) => d.text)).toContain(`${NAMES[winner]} wins with ${best} points!`);
    // Winners who share are named as they are called: "Bot Bram", never "Bram".
    const tie = { ...v, totals: v.totals.map((total, seat) => (seat < 2 ? best : Math.min(total, best - 1))) };
    const shared = await textDrawnBy(() => renderHalunkenBoard(tie, playersFor(4), t));
    expect(shared.map((d) => d.text)).toContain(`Anne Bonny & Bot Bram share the win with ${best} points!`);
  });
});
