/**
 * Reading a Honderden thread's public posts hand by hand, for the e2e test's secrecy checks. A
 * post tells at most three lines and joins what would make more to the third
 * (src/games/honderden/describe.ts), so a hand's header may stand in the middle of a line: after
 * the end of the hand before, and before as much of its own hand as one late post told.
 */

/** A card as the bot writes it: "10♥", "A♠". */
const CARD = /(?:10|[789JQKA])[♠♥♣♦]/g;

/** The cards a text names, as written. */
export const cardsIn = (text: string): string[] => text.match(CARD) ?? [];

/** A hand's header, in either language: "**Hand 4** (game 2)", "**Hand 4** (spel 2 gaat door)". */
const HAND_HEADER = /\*\*Hand (\d+)\*\* \(/g;

/** One hand's public text: from its header, wherever on its line, to the next hand's header. */
export interface HandText {
  hand: number;
  text: string;
}

/** The thread's text cut into its hands, in order (what comes before the first header is no hand's). */
export function handsOf(transcript: string): HandText[] {
  const headers = [...transcript.matchAll(HAND_HEADER)];
  return headers.map((header, i) => ({ hand: Number(header[1]), text: transcript.slice(header.index, headers[i + 1]?.index ?? transcript.length) }));
}

/**
 * The moment a two-player hand's last hidden card becomes public: whoever gets it shows it, the
 * taker ("takes **8♣**, the hidden card, and shows it") or the other player ("takes **Q♥**, the
 * open trump card; Bart gets the hidden card and shows it: **8♣**").
 */
const HIDDEN_TAKEN =
  /takes \*\*(\S+)\*\*, the hidden card, and shows it|takes \*\*\S+\*\*, the open trump card; [^;]*? gets the hidden card and shows it: \*\*(\S+)\*\*/g;

/**
 * A post cut to Discord's 2,000 characters has its middle lines left out for this line
 * (src/discord/post-content.ts): they may have held a hand's header.
 */
const LEFT_OUT = '\n…\n';

/**
 * Checks that the last hidden card of each two-player hand is named in public only once it is
 * taken: no text of that hand before the sentence that shows it names it (after a cut post's
 * "…", only what follows it is surely of that hand). Returns how many hands were checked and,
 * for each card named too early, the line that named it.
 */
export function hiddenCardsNamedEarly(transcript: string): { checked: number; early: string[] } {
  let checked = 0;
  const early: string[] = [];
  // One last draw a hand; two in one hand's text only when a cut left out the header between.
  for (const { text } of handsOf(transcript)) {
    for (const taken of text.matchAll(HIDDEN_TAKEN)) {
      const card = (taken[1] ?? taken[2]) as string;
      checked++;
      const told = text.slice(0, taken.index);
      const before = told.slice(told.lastIndexOf(LEFT_OUT) + 1).split('\n');
      for (const line of before) if (cardsIn(line).includes(card)) early.push(`${card}: ${line}`);
    }
  }
  return { checked, early };
}
