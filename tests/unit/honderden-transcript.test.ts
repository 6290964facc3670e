/**
 * The e2e test's check that a two-player hand's last hidden card stays unnamed until it is taken
 * (tests/support/honderden-transcript.ts), over threads where a late post joined the end of one
 * hand, the next hand's header and its last draw into one line. It once read such a line as part
 * of the hand before and failed on a card played there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handsOf, hiddenCardsNamedEarly } from '../support/honderden-transcript.js';
import { honderdenPresenter as presenter } from '../../src/games/honderden/presenter.js';
import { ctxFor, play, view } from '../../src/games/honderden/presenter-testing.js';
import { turnEnded } from '../../src/games/honderden/turn-end.js';
import { honderden, type HonderdenEvent } from '../../src/games/honderden/rules.js';

/** Hand 1 ends with 8♣ played; one late post tells the end, hand 2's header and its last draw, which shows 8♣ again. */
const JOINED = [
  '➡️ Anne wins trick 15: Bart 8♣, Anne **A♣**.',
  '➡️ Anne wins the last trick (+10): Anne 7♠, Bart **Q♠**.',
  '**Hand 1 is over** (played out): ■ Anne **112** · ◆ Bart 50. 🎉 **Anne wins the hand** and 1 game point. Standings: ■ Anne 1 · ◆ Bart 0.',
  '➡️ Bart wins trick 1: Anne 9♥, Bart **A♥**. **Hand 2** (game 2) · Bart deals and turns up **7♦**: trump is **♦**. The card lies open under the stock; Anne leads. ➡️ Anne wins trick 12: Bart J♠, Anne **A♠**. One hidden card is left beside the open trump card **7♦**: Anne takes one of the two without seeing the hidden one; the other player gets the other. Anne takes **8♣**, the hidden card, and shows it; Bart gets the open trump card **7♦**.',
].join('\n');

/**
 * A whole two-player match in the bot's own words, one post per turn as the bot makes them, except
 * that the post ending hand `late - 1` goes out late: it waits for the next post after a last draw,
 * as when the players at their live panels moved faster than the posts went out.
 */
function lateThread(seed: string, late: number): string {
  const opening = view(honderden.setup({ seats: 2, seed, options: { target: 3 } }), null).events;
  const posts = [presenter.describe(opening, ctxFor(2)).join('\n')];
  let pending: HonderdenEvent[] = [];
  let waiting = false;
  const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: 7 })[0] as fc.Stream<number>;
  play({ seats: 2, seed, target: 3, steps: 20_000, picks, resigns: false }, (s) => {
    const events = view(s, null).events;
    pending.push(...events);
    if (!turnEnded(events)) return;
    if (events.some((e) => e.type === 'handEnded' && e.result.hand === late - 1)) waiting = true;
    if (waiting && !pending.some((e) => e.type === 'took' && e.hidden !== undefined)) return;
    waiting = false;
    posts.push(presenter.describe(pending, ctxFor(2)).join('\n'));
    pending = [];
  });
  return posts.join('\n');
}

describe("the Honderden e2e test's reading of a thread", () => {
  it('cuts a thread into its hands at each header, also in the middle of a line', () => {
    expect(handsOf(JOINED).map((h) => h.hand)).toEqual([2]);
    const [hand] = handsOf(JOINED);
    expect(hand?.text.startsWith('**Hand 2** (game 2) · Bart deals')).toBe(true);
    const dutch = handsOf('**Hand 3** (spel 1) · Anne deelt.\n➡️ Bart wint. **Hand 3 is afgelopen**: … **Hand 4** (spel 1 gaat door) · Bart deelt.');
    expect(dutch.map((h) => [h.hand, h.text])).toEqual([
      [3, '**Hand 3** (spel 1) · Anne deelt.\n➡️ Bart wint. **Hand 3 is afgelopen**: … '],
      [4, '**Hand 4** (spel 1 gaat door) · Bart deelt.'],
    ]);
  });

  it('reads a hand whose header shares its line with the last draw as that hand only, not the card played in the hand before', () => {
    expect(hiddenCardsNamedEarly(JOINED)).toEqual({ checked: 1, early: [] });
  });

  it('still finds the hidden card named early, on the header and reveal line or before, and when the other player got it', () => {
    const namedBefore = JOINED.replace('➡️ Anne wins trick 12: Bart J♠', '➡️ Anne wins trick 12: Bart 8♣');
    const [early] = hiddenCardsNamedEarly(namedBefore).early;
    expect(early).toMatch(/^8♣: \*\*Hand 2\*\* .* Bart 8♣, Anne \*\*A♠\*\*\. .* Anne $/);
    const openTaken = JOINED.replace(
      'Anne takes **8♣**, the hidden card, and shows it; Bart gets the open trump card **7♦**.',
      'Anne takes **7♦**, the open trump card; Bart gets the hidden card and shows it: **8♣**.',
    );
    expect(hiddenCardsNamedEarly(openTaken)).toEqual({ checked: 1, early: [] });
    expect(hiddenCardsNamedEarly(openTaken.replace('Bart deals and turns up **7♦**', 'Bart deals and turns up **8♣**')).early).toHaveLength(1);
  });

  it('reads only what follows a cut post\'s "…" as surely of the hand: the lines it left out may have held the header', () => {
    // Hand 1's last draw and hand 2's header were among the lines a cut post left out.
    const cut = [
      '**Hand 1** (game 1) · Anne deals and turns up **7♠**: trump is **♠**. Bart leads.',
      '➡️ Anne wins trick 15: Bart 8♣, Anne **A♣**.',
      '…',
      'Anne takes **8♣**, the hidden card, and shows it; Bart gets the open trump card **9♠**.',
    ].join('\n');
    expect(hiddenCardsNamedEarly(cut)).toEqual({ checked: 1, early: [] });
    expect(hiddenCardsNamedEarly(cut.replace('\n…\n', '\n')).early).toHaveLength(1);
  });

  it('passes a whole match in which a late post joined the end of hand 1, the header of hand 2 and its last draw into one line', () => {
    const thread = lateThread('late-post-5', 2);
    const joined = thread.split('\n').find((line) => /\*\*Hand 2\*\* \(/.test(line) && /the hidden card,? and shows it/.test(line));
    expect(joined, 'the late post put the header and the last draw of hand 2 on one line').toBeDefined();
    // Hand 1 was played out, so the card shown in hand 2 was played there: only reading hand 2 exactly passes.
    const [first, second] = handsOf(thread);
    expect(first?.text).toContain('(played out)');
    const shown = /takes \*\*(\S+)\*\*, the hidden card|shows it: \*\*(\S+)\*\*/.exec(second?.text ?? '');
    expect(first?.text).toContain(shown?.[1] ?? shown?.[2]);
    const { checked, early } = hiddenCardsNamedEarly(thread);
    expect(early).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});
