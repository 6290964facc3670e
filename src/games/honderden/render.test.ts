import { describe, expect, it } from 'vitest';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState, type Seat } from '../../engine/index.js';
import { translator, type Translate } from '../../i18n/index.js';
import { legibilityOf, textDrawnBy } from '../../render/text-sizes.js';
import { CanvasRenderingContext2D } from 'canvas';
import { COLOURS as BOARD, FELT_TOP, HEADER_H, MIDDLE, TABLE_H, TABLE_TOP } from './board-layout.js';
import { renderHonderdenBoard, type BoardPlayer } from './render.js';
import { honderden, tableOf, type Card, type HonderdenAction, type HonderdenState } from './rules.js';

const t = translator('en');
/** A long name (32 characters is the most a name has) and a bot, whose short name ("Bram") a header must not use. */
const NAMES = ['Anne de Vries', 'Bartholomeus van den Heuvel-Smit', 'Bot Bram'];
const COLOURS = ['blue', 'yellow', 'purple'] as const;

function playersFor(seats: number, names: readonly string[] = NAMES): BoardPlayer[] {
  return names
    .slice(0, seats)
    .map((name, i) => ({ name, ...(name.startsWith('Bot ') ? { short: name.slice(4) } : {}), colour: COLOURS[i] as BoardPlayer['colour'] }));
}

/**
 * What the board may draw smaller than 22 px: the words under the stock's count, the marks of
 * what the last step changed, and the parts of a hand's result whose totals are drawn large.
 */
const SECONDARY = ['caption', 'history', 'breakdown', 'rule', 'repeat'] as const;

/**
 * Random legal play that likes roem, stuk and the swap (so that they show), claims almost never;
 * stops before the action where `stop` holds, or at the end.
 */
function playUntil(seats: number, seed: string, stop: (s: HonderdenState, actions: number) => boolean, target = 3, rulesVersion?: number): HonderdenState {
  let s = honderden.setup({ seats, seed, options: { target }, rulesVersion });
  const rng: RngState = seedRng(`${seed}:players`);
  for (let n = 0; !honderden.isOver(s) && !stop(s, n); n++) {
    const seat = honderden.toAct(s)[0] as Seat;
    const legal = honderden.legalActions(s, seat);
    const keen = legal.filter((a) => a.type === 'declare' || a.type === 'reject' || a.type === 'stuk' || a.type === 'swap');
    const calm = legal.filter((a) => a.type !== 'claim');
    const pool = keen.length > 0 && randomInt(rng, 3) > 0 ? keen : randomInt(rng, 400) === 0 ? legal : calm;
    s = honderden.apply(s, seat, pool[randomInt(rng, pool.length)] as HonderdenAction);
  }
  return s;
}

const spectator = (s: HonderdenState) => honderden.view(s, null);

async function renderAndSave(name: string, state: HonderdenState): Promise<Buffer> {
  const png = await renderHonderdenBoard(spectator(state), playersFor(state.seats), t);
  saveArtifact(`honderden-${name}`, png);
  return png;
}

describe('Honderden board image', () => {
  it('renders the start of a two-player hand: trump, the stock with the open trump card under it', async () => {
    const state = playUntil(2, 'start', (_, n) => n >= 0);
    expect(state.tricksPlayed).toBe(0);
    expectSanePng(await renderAndSave('start-2p', state));
  });

  it('renders a trick being played after the roem was shown, with stuk and the last trick', async () => {
    const state = playUntil(2, 'mid', (s) => s.tricksPlayed >= 4 && s.trick.plays.length === 1 && s.roemShown && s.statements.length > 0);
    expect(state.trick.plays).toHaveLength(1);
    expectSanePng(await renderAndSave('mid-2p', state));
  });

  it('renders the last draw (the hidden card face down beside the open trump card) and the second part', async () => {
    const choosing = playUntil(2, 'choose', (s) => s.phase === 'chooseLast');
    expect(choosing.phase).toBe('chooseLast');
    expectSanePng(await renderAndSave('choose-last-2p', choosing));
    // Games opened under version 1 showed the hidden card before the choice.
    const shown = playUntil(2, 'choose', (s) => s.phase === 'chooseLast', 3, 1);
    expect(spectator(shown).lastChoice?.hidden).toBe(shown.stock[0]);
    expectSanePng(await renderAndSave('choose-last-2p-v1', shown));
    const late = playUntil(2, 'late', (s) => s.tricksPlayed >= 12 && s.trick.plays.length === 1);
    expect(late.stock).toEqual([]);
    expectSanePng(await renderAndSave('part-two-2p', late));
  });

  it('renders the result of a hand at the start of the next one, and the end of the match', async () => {
    const next = playUntil(2, 'result', (s) => s.hand >= 2 && s.tricksPlayed === 0 && s.trick.plays.length === 0 && s.phase === 'play');
    expect(next.lastResult).not.toBeNull();
    expectSanePng(await renderAndSave('hand-result-2p', next));
    const end = playUntil(2, 'end', () => false);
    expect(end.phase).toBe('over');
    expectSanePng(await renderAndSave('end-2p', end));
  });

  it('renders three players: roem said in the first trick, its answers, a later trick and the end', async () => {
    const said = playUntil(3, 'three-said', (s) => s.tricksPlayed === 0 && s.trick.plays.length === 2 && s.statements.length > 0);
    expectSanePng(await renderAndSave('roem-said-3p', said));
    const answer = playUntil(3, 'three-answer', (s) => s.phase === 'roemAnswer');
    expect(answer.phase).toBe('roemAnswer');
    expectSanePng(await renderAndSave('roem-answer-3p', answer));
    saveArtifact('honderden-roem-answer-3p-nl', await renderHonderdenBoard(spectator(answer), playersFor(3), translator('nl')));
    const mid = playUntil(3, 'three-mid', (s) => s.tricksPlayed >= 3 && s.trick.plays.length === 2 && s.handInGame > 1);
    expectSanePng(await renderAndSave('mid-3p', mid));
    const end = playUntil(3, 'three-end', () => false);
    expectSanePng(await renderAndSave('end-3p', end));
  });

  it('renders three players after one left: two play on with the two-player rules', async () => {
    const before = playUntil(3, 'leave', (s) => s.tricksPlayed >= 2);
    let s = honderden.resign(before, 2);
    const seat = honderden.toAct(s)[0] as Seat;
    s = honderden.apply(s, seat, honderden.legalActions(s, seat).find((a) => a.type === 'play') as HonderdenAction);
    expect(tableOf(s)).toBe('two');
    expectSanePng(await renderAndSave('left-3p', s));
  });

  it('draws nothing hidden: the image of a spectator does not change with the cards in hands, the stock or won tricks', async () => {
    const players = playersFor(2);
    const state = playUntil(2, 'secret', (s) => s.tricksPlayed >= 5 && s.trick.plays.length === 1);
    const a = await renderHonderdenBoard(spectator(state), players, t);
    // Every card nobody has seen goes round: hands (less their known cards) and the stock.
    const slots: { hand: number | null; index: number }[] = [];
    state.hands.forEach((hand, seat) => hand.forEach((card, index) => (state.known[seat]?.includes(card) ? null : slots.push({ hand: seat, index }))));
    state.stock.forEach((_, index) => slots.push({ hand: null, index }));
    const hands = state.hands.map((h) => [...h]);
    const stock = [...state.stock];
    const cards = slots.map((slot) => (slot.hand === null ? stock[slot.index] : hands[slot.hand]?.[slot.index]) as Card);
    slots.forEach((slot, i) => {
      const card = cards[(i + 1) % cards.length] as Card;
      if (slot.hand === null) stock[slot.index] = card;
      else (hands[slot.hand] as Card[])[slot.index] = card;
    });
    // And the won cards change owners (the running points with them), the number of tricks staying.
    const won = [state.won[1] as Card[], state.won[0] as Card[]];
    const other: HonderdenState = { ...state, hands, stock, won };
    expect(hands).not.toEqual(state.hands);
    const b = await renderHonderdenBoard(spectator(other), players, t);
    expect(b.equals(a)).toBe(true);
  });

  it("prints the rank letters of the reader's language on the cards, each language cached apart", async () => {
    const players = playersFor(2);
    const state = playUntil(2, 'mid', (s) => s.tricksPlayed >= 4 && s.trick.plays.length === 1 && s.roemShown && s.statements.length > 0);
    const letters: Record<string, string> = { J: 'B', Q: 'V', K: 'H', A: 'X', T: 'X', '9': 'X', '8': 'X', '7': 'X' };
    const other: Translate = (key, params) => (key.startsWith('honderden.rank-letter.') ? (letters[key.slice(-1)] as string) : t(key, params));
    const english = await renderHonderdenBoard(spectator(state), players, t);
    const lettered = await renderHonderdenBoard(spectator(state), players, other);
    expect(lettered.equals(english)).toBe(false);
    saveArtifact('honderden-other-letters-2p', lettered);
    expect((await renderHonderdenBoard(spectator(state), players, t)).equals(english)).toBe(true);
  });

  it('refuses a player list that does not match the seats, and a view with a hand in it', async () => {
    const state = playUntil(3, 'x', () => true);
    await expect(renderHonderdenBoard(spectator(state), playersFor(2), t)).rejects.toThrow(RangeError);
    await expect(renderHonderdenBoard(honderden.view(state, 0), playersFor(3), t)).rejects.toThrow();
  });
});

/** Width and height from a PNG's IHDR chunk. */

describe('Honderden board image at chat size', () => {
  const targets = [1, 3, 5, 10]; // the variants: one game, to 3, to 5 (the default), to 10
  const cases: { name: string; state: HonderdenState }[] = [];
  for (const target of targets) {
    for (const seats of target === 5 ? [2, 3] : [3]) {
      const id = `${seats}p-to-${target}`;
      cases.push({ name: `${id} fresh`, state: playUntil(seats, `${id}-fresh`, (_, n) => n >= 0, target) });
      cases.push({
        name: `${id} mid-game`,
        state: playUntil(seats, `${id}-mid`, (s) => s.tricksPlayed >= 3 && s.trick.plays.length === 1 && (target === 1 || s.hand >= 2), target),
      });
      cases.push({ name: `${id} final`, state: playUntil(seats, `${id}-final`, () => false, target) });
    }
  }
  cases.push({ name: '2p last draw', state: playUntil(2, 'choose', (s) => s.phase === 'chooseLast') });
  cases.push({ name: '2p second part', state: playUntil(2, 'late', (s) => s.tricksPlayed >= 12 && s.trick.plays.length === 1) });
  cases.push({
    name: '2p hand result',
    state: playUntil(2, 'result', (s) => s.hand >= 2 && s.tricksPlayed === 0 && s.trick.plays.length === 0 && s.phase === 'play'),
  });
  cases.push({ name: '3p roem answer', state: playUntil(3, 'three-answer', (s) => s.phase === 'roemAnswer') });
  cases.push({ name: '3p roem said', state: playUntil(3, 'three-said', (s) => s.tricksPlayed === 0 && s.trick.plays.length === 2 && s.statements.length > 0) });
  const left = playUntil(3, 'leave', (s) => s.tricksPlayed >= 2);
  cases.push({ name: '3p after one left', state: honderden.resign(left, 2) });
  cases.push({ name: '3p won by resignation', state: honderden.resign(honderden.resign(left, 2), 1) });

  it('draws every board wider than tall, what matters at 22 px and the rest at 16, nothing cut, in both languages', async () => {
    expect(cases.filter((c) => honderden.isOver(c.state)).length).toBeGreaterThanOrEqual(5);
    const problems: string[] = [];
    for (const locale of ['en', 'nl'] as const) {
      const tl = translator(locale);
      for (const { name, state } of cases) {
        const board = await legibilityOf(() => renderHonderdenBoard(spectator(state), playersFor(state.seats), tl), {
          names: NAMES.slice(0, state.seats),
          secondary: SECONDARY,
        });
        saveArtifact(`honderden-chat-${locale}-${name.replace(/[^a-z0-9]+/gi, '-')}`, board.png);
        problems.push(...board.problems.map((problem) => `${locale} ${name}: ${problem}`));
        expect(board.drawn.length).toBeGreaterThan(10);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Texts a board draws with where (x, and y on the canvas) and their size in px, and how many outlines it strokes in the "fresh" colour of what just changed. */
async function drawingOf(
  state: HonderdenState,
  tl: Translate = t,
  names: readonly string[] = NAMES,
): Promise<{ texts: { text: string; x: number; y: number; size: number }[]; fresh: number }> {
  const texts: { text: string; x: number; y: number; size: number }[] = [];
  let fresh = 0;
  const proto = CanvasRenderingContext2D.prototype;
  const { fillText, stroke } = proto;
  proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
    const m = this.getTransform();
    texts.push({ text, x: x + m.e, y: y + m.f, size: Number(/([\d.]+)px/.exec(this.font)?.[1] ?? 0) });
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
  proto.stroke = function (this: CanvasRenderingContext2D, ...args: []) {
    if (this.strokeStyle === BOARD.fresh) fresh++;
    return stroke.apply(this, args);
  };
  try {
    await renderHonderdenBoard(spectator(state), playersFor(state.seats, names), tl);
  } finally {
    proto.fillText = fillText;
    proto.stroke = stroke;
  }
  return { texts, fresh };
}

const has = (texts: { text: string }[], text: string) => texts.some((d) => d.text === text);

describe('Honderden board: whose turn it is', () => {
  it('says who may reject whose roem whole and big enough for the chat preview, two long names and all, in both languages', async () => {
    const answer = playUntil(3, 'three-answer', (s) => s.phase === 'roemAnswer');
    expect(answer.phase).toBe('roemAnswer');
    // The sentence ends with the verb in Dutch ("… afkeuren") and with "roem" in English: that end must be drawn, uncut.
    for (const [locale, end] of [
      ['nl', 'afkeuren'],
      ['en', 'roem'],
    ] as const) {
      const { texts } = await drawingOf(answer, translator(locale));
      const last = texts.find((d) => d.text.endsWith(end));
      expect(last, locale).toBeDefined();
      expect(last?.size, locale).toBeGreaterThanOrEqual(22);
    }
  });
});

describe('Honderden board: names under the trick', () => {
  it('names each player of a three-player trick under his card, a long name whole on two lines, in both languages', async () => {
    // 28 characters fit on two lines; 32 do not, and keep their first name and the start of the rest.
    const names = ['Bartholomeus van der Heijden', 'Bartholomeus van den Heuvel-Smit', 'Bot Bram'];
    const state = playUntil(3, 'three-mid', (s) => s.tricksPlayed >= 3 && s.trick.plays.length === 2);
    for (const locale of ['en', 'nl'] as const) {
      const { texts } = await drawingOf(state, translator(locale), names);
      // The chips under the trick's cards, above the status line: one or two lines each.
      const under = texts.filter((d) => d.x > MIDDLE.x && d.x < MIDDLE.x + MIDDLE.w && d.y > FELT_TOP + 34 + 174 && d.y < TABLE_TOP + TABLE_H - 60);
      expect(
        under.every((d) => d.size >= 22),
        locale,
      ).toBe(true);
      // Each card's chip within its third of the middle: its lines joined in the order drawn.
      const slot = MIDDLE.w / 3;
      const labels = [0, 1, 2].map((i) => ({
        text: under
          .filter((d) => d.x >= MIDDLE.x + i * slot && d.x < MIDDLE.x + (i + 1) * slot)
          .map((d) => d.text)
          .join(' '),
      }));
      expect(
        labels.map((l) => l.text),
        locale,
      ).toContain('Bartholomeus van der Heijden');
      expect(
        labels.map((l) => l.text),
        locale,
      ).toContain('Bot Bram');
      expect(
        labels.some((l) => /^Bartholomeus van den Heu.*…$/.test(l.text)),
        locale,
      ).toBe(true);
    }
  });
});

describe('Honderden board: what the last step changed', () => {
  it('frames the card just played, and nothing on a fresh deal', async () => {
    const dealt = playUntil(2, 'start', (_, n) => n >= 0);
    expect((await drawingOf(dealt)).fresh).toBe(0);
    const played = playUntil(2, 'mid', (s) => s.tricksPlayed >= 4 && s.trick.plays.length === 1 && s.roemShown && s.statements.length > 0);
    expect(played.events.map((e) => e.type)).toEqual(['played']);
    expect((await drawingOf(played)).fresh).toBe(1);
  });

  it('marks the trick just won and who took it, and the hidden cards just drawn by their number only', async () => {
    const state = playUntil(2, 'drew', (s) => s.tricksPlayed >= 3 && s.trick.plays.length === 0 && s.events.some((e) => e.type === 'drew'));
    const { texts, fresh } = await drawingOf(state);
    expect(has(texts, t('honderden.board.won-by.now'))).toBe(true);
    expect(has(texts, '−2')).toBe(true);
    // "+1" for the trick's taker, "+1" beside each hand that drew.
    expect(texts.filter((d) => d.text === '+1')).toHaveLength(3);
    // The last trick's column, the card that completed it, and a back in each hand.
    expect(fresh).toBeGreaterThanOrEqual(4);
    // A step later the trick is old news.
    const seat = honderden.toAct(state)[0] as Seat;
    const next = honderden.apply(state, seat, honderden.legalActions(state, seat).find((a) => a.type === 'play') as HonderdenAction);
    const later = await drawingOf(next);
    expect(has(later.texts, t('honderden.board.won-by'))).toBe(true);
    expect(has(later.texts, '−2')).toBe(false);
  });

  it('marks roem just said in the first trick, and roem just shown', async () => {
    const said = playUntil(3, 'three-said', (s) => s.tricksPlayed === 0 && s.trick.plays.length === 2 && s.statements.length > 0);
    // The second player rejected the leader's roem in his turn, then played: his card and his roem line are new.
    const speaker = said.trick.plays[1]?.seat;
    expect(said.statements.map((st) => st.seat)).toContain(speaker);
    expect((await drawingOf(said)).fresh).toBe(2);
    const shown = playUntil(3, 'sh3', (s) => s.events.some((e) => e.type === 'roemShown') && s.statements.length > 1);
    expect((await drawingOf(shown)).fresh).toBeGreaterThanOrEqual(shown.statements.length);
  });
});

describe("Honderden board: the dealer's open card and the final board", () => {
  it("shows the dealer's open card only while he still holds it", async () => {
    const label = t('honderden.board.turned-up');
    const start = playUntil(3, 'dp', (_, n) => n >= 0);
    expect(has((await drawingOf(start)).texts, label)).toBe(true);
    const played = playUntil(3, 'dp', (s) => s.tricksPlayed >= 1 && !(s.known[s.dealer] ?? []).includes(s.turnedUp));
    expect(played.hands[played.dealer]).not.toContain(played.turnedUp);
    expect(has((await drawingOf(played)).texts, label)).toBe(false);
  });

  it('puts the result of the match in the header, in both languages', async () => {
    for (const seats of [2, 3]) {
      const end = playUntil(seats, `final-${seats}`, () => false);
      const winner = end.winner as Seat;
      for (const locale of ['en', 'nl'] as const) {
        const tl = translator(locale);
        const points = end.gamePoints[winner] as number;
        const result = tl(points === 1 ? 'honderden.board.header.won.one' : 'honderden.board.header.won', { points });
        const { texts } = await drawingOf(end, tl);
        const line = texts.find((d) => d.text === result);
        expect(line, `${locale} ${seats}p: ${result}`).toBeDefined();
        expect(line?.y).toBeLessThan(HEADER_H);
        // The winner's name in the header too, and the middle keeps the hand's own result.
        expect(texts.some((d) => d.y < HEADER_H && NAMES[winner]?.startsWith(d.text.replace('…', '')))).toBe(true);
      }
    }
  });

  it('names the winner in the header as he is called: "Bot Bram", never "Bram"', async () => {
    const end = playUntil(2, 'final-2', () => false);
    const winner = end.winner as Seat;
    const names = winner === 0 ? ['Bot Bram', 'Anne de Vries'] : ['Anne de Vries', 'Bot Bram'];
    const texts = (await textDrawnBy(() => renderHonderdenBoard(spectator(end), playersFor(2, names), t))).map((d) => d.text);
    expect(texts).toContain('Bot Bram');
    expect(texts).not.toContain('Bram');
  });

  it('says who won when everybody else left', async () => {
    const left = playUntil(3, 'leave', (s) => s.tricksPlayed >= 2);
    const end = honderden.resign(honderden.resign(left, 2), 1);
    const { texts } = await drawingOf(end);
    expect(texts.find((d) => d.text === t('honderden.board.header.won.left'))?.y).toBeLessThan(HEADER_H);
  });
});
