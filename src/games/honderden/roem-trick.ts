import type { Seat } from '../../engine/index.js';
import type { Card, Suit } from './cards.js';
import { bestCombo, categoryOf, compareCombos, findCombos, mayBeat, sameCategory, sameCombo, type Combo, type RoemCategory } from './roem.js';
import { handOf, playersFrom, statementOf, type HonderdenAction, type HonderdenState, type Statement } from './state.js';
import { roemUnderWraps, toldRoem } from './view.js';

/*
 * The roem trick: the statements players make in the first trick (a declaration, or a rejection
 * of the standing one, each with further combinations) and how a rejection is judged. Showing
 * the roem after the trick and its answers is part of the hand's flow, in rules.ts.
 */

/** Position in the first trick's playing order (the leader 0): breaks ties between equal roem. */
function roemPosition(s: HonderdenState, seat: Seat): number {
  return playersFrom(s, s.handLeader).indexOf(seat);
}

/** The cards a player's roem may be made of: his hand and the card he played to the first trick. */
export function roemCards(s: HonderdenState, seat: Seat): Card[] {
  const cards = [...handOf(s, seat)];
  const trick = s.tricksPlayed === 0 ? s.trick : s.lastTrick;
  const own = trick?.plays.find((p) => p.seat === seat);
  if (own) cards.push(own.card);
  return cards;
}

/** Distinct categories of these combinations, in the order found. */
export function categories(combos: readonly Combo[]): RoemCategory[] {
  const out: RoemCategory[] = [];
  for (const combo of combos) {
    const category = categoryOf(combo);
    if (!out.some((c) => sameCategory(c, category))) out.push(category);
  }
  return out;
}

/** Combinations the seat may still add to its own open statement. */
export function addableCombos(s: HonderdenState, seat: Seat, statement: Statement | null): Combo[] {
  const held = findCombos(roemCards(s, seat));
  if (!statement) return held;
  return held.filter(
    (combo) =>
      !statement.combos.some((c) => sameCombo(c, combo)) &&
      // Never two sequences in one suit.
      !(combo.kind === 'sequence' && statement.combos.some((c) => c.kind === 'sequence' && c.suit === combo.suit)),
  );
}

/**
 * Combinations with which the seat could reject the standing declaration: those that could beat
 * what it announced, or (version 2) any he holds when he is not told what stands (the third
 * player of three in the first trick); his rejection is then judged against whatever stands.
 */
function rejectingCombos(s: HonderdenState, seat: Seat): Combo[] {
  const standing = s.statements[s.standing as number] as Statement;
  if (!toldRoem(s, standing.seat, seat)) return findCombos(roemCards(s, seat));
  const pos = roemPosition(s, seat);
  const standingPos = roemPosition(s, standing.seat);
  return findCombos(roemCards(s, seat)).filter((combo) => standing.categories.every((category) => mayBeat(combo, pos, category, standingPos, s.trump)));
}

/** Roem steps open to the seat now (first trick, or the answers after it). */
export function roemActions(s: HonderdenState, seat: Seat): HonderdenAction[] {
  if (s.openStatement !== null) {
    const open = s.statements[s.openStatement] as Statement;
    return categories(addableCombos(s, seat, open)).map((roem) => ({ type: 'declare', roem }));
  }
  if (statementOf(s, seat)) return [];
  if (s.standing === null) return categories(addableCombos(s, seat, null)).map((roem) => ({ type: 'declare', roem }));
  if ((s.statements[s.standing] as Statement).seat === seat) return [];
  return categories(rejectingCombos(s, seat)).map((roem) => ({ type: 'reject', roem }));
}

/** The best of the eligible combinations that fit the named category. */
export function pickCombo(combos: Combo[], category: RoemCategory, trump: Suit): Combo {
  return bestCombo(
    combos.filter((c) => sameCategory(categoryOf(c), category)),
    trump,
  );
}

export function declare(s: HonderdenState, seat: Seat, category: RoemCategory): void {
  s.turnActed = true;
  if (s.openStatement !== null) {
    const open = s.statements[s.openStatement] as Statement;
    const combo = pickCombo(addableCombos(s, seat, open), category, s.trump);
    open.categories = [...open.categories, category];
    open.combos = [...open.combos, combo];
  } else {
    const combo = pickCombo(addableCombos(s, seat, null), category, s.trump);
    s.statements.push({ seat, kind: 'declare', of: null, categories: [category], combos: [combo], status: 'standing' });
    s.openStatement = s.statements.length - 1;
    s.standing = s.openStatement;
    s.answered = [];
  }
  s.events.push({ type: 'declared', seat, roem: category });
}

export function reject(s: HonderdenState, seat: Seat, category: RoemCategory): void {
  s.turnActed = true;
  const of = (s.statements[s.standing as number] as Statement).seat;
  const combo = pickCombo(rejectingCombos(s, seat), category, s.trump);
  s.statements.push({ seat, kind: 'reject', of, categories: [category], combos: [combo], status: 'pending' });
  s.openStatement = s.statements.length - 1;
  s.events.push({ type: 'rejecting', seat, of, roem: category });
}

/**
 * The seat's turn (or roem answer) is over: a rejection it made is resolved now, best combination
 * against best combination; a seat that let the standing declaration pass has answered it.
 */
export function closeStatement(s: HonderdenState, seat: Seat): void {
  if (s.openStatement === null) {
    if (s.tricksPlayed === 0 || s.phase === 'roemAnswer') {
      const standing = s.standing === null ? null : (s.statements[s.standing] as Statement);
      if (standing && standing.seat !== seat && !s.answered.includes(seat)) s.answered.push(seat);
      if (s.phase === 'roemAnswer') s.events.push({ type: 'noRejection', seat });
    }
    return;
  }
  const statement = s.statements[s.openStatement] as Statement;
  s.openStatement = null;
  if (statement.kind !== 'reject') return;
  const declared = s.statements[s.standing as number] as Statement;
  const higher =
    compareCombos(bestCombo(statement.combos, s.trump), roemPosition(s, seat), bestCombo(declared.combos, s.trump), roemPosition(s, declared.seat), s.trump) >
    0;
  if (higher) {
    declared.status = 'rejected';
    statement.status = 'standing';
    s.standing = s.statements.indexOf(statement);
    s.answered = [];
  } else {
    statement.status = 'failed';
  }
  // Three players (version 2): the judgement is told with the rest once the first trick is complete.
  if (!roemUnderWraps(s)) s.events.push({ type: 'rejection', seat, of: declared.seat, success: higher });
}

/** Three players (version 2): everything said in the first trick and its judgements, told to all once it is complete. */
export function tellRoem(s: HonderdenState): void {
  s.events.push({
    type: 'roemTold',
    statements: s.statements.map((st) => ({ seat: st.seat, kind: st.kind, of: st.of, categories: [...st.categories], status: st.status })),
  });
}
