import { rulesOf, sameAction, type Seat } from '../../engine/index.js';
import type { SeaCard } from './cards.js';
import { LINES, POINT_COUNT, fieldCapacity, fieldIndex, fieldName, isLine, lineFields, type FieldName } from './sea.js';
import { orderChoices } from './resolution.js';
import { boatsOn, dutchmanCompletes, dutchmanFields, isActive, playerOf, type FreibeuterAction, type FreibeuterState } from './state.js';

/*
 * What a Freibeuter player may do: `legalActions` lists it, `listedAction` checks one action
 * against that list without building it.
 */

function turnActions(s: FreibeuterState, seat: Seat): FreibeuterAction[] {
  const player = playerOf(s, seat);
  const actions: FreibeuterAction[] = [];
  if (player.boats > 0) {
    for (let point = 0; point < POINT_COUNT; point++) {
      if (s.tokens[point]?.kind === 'ship' && s.boarded[point] === null) actions.push({ type: 'board', point });
    }
  }
  for (const field of distinctFields(player.hand.sea)) {
    const boats = boatsOn(s, field).length;
    const name = fieldName(field);
    if (boats < fieldCapacity(field) && player.boats > 0) actions.push({ type: 'place', field: name });
    if (boats > 0) actions.push({ type: 'takeTreasure', field: name });
  }
  const lines = player.hand.dutchman;
  if (lines.length === 0) return actions;
  const closing = dutchmanFields(s);
  for (const line of LINES) {
    if (!lines.includes(line)) continue;
    for (const field of lineFields(line)) if (closing[field]) actions.push({ type: 'dutchman', line, field: fieldName(field) });
  }
  return actions;
}

/** The fields of these sea cards, each once, in board order. */
function distinctFields(cards: readonly SeaCard[]): number[] {
  const fields: number[] = [];
  for (const card of cards) {
    const field = fieldIndex(card);
    let i = fields.length;
    while (i > 0 && (fields[i - 1] as number) > field) i--;
    if (fields[i - 1] !== field) fields.splice(i, 0, field);
  }
  return fields;
}

export function legalActions(s: FreibeuterState, seat: Seat): FreibeuterAction[] {
  if (s.phase === 'over' || seat !== s.current || !isActive(s, seat)) return [];
  switch (s.phase) {
    case 'turn':
      return turnActions(s, seat);
    case 'order':
      // Kept for games opened under version 1: one token at a time.
      if (rulesOf(s) < 2) return s.pending.map((point) => ({ type: 'resolve', point }));
      return orderChoices(s).map((choice) => ({ type: 'order', points: choice.points }));
    case 'draw':
      return [
        { type: 'draw', pile: 'sea' },
        { type: 'draw', pile: 'dutchman' },
      ];
  }
}

/**
 * The action as legalActions would list it, or null when it lists nothing like it: checked
 * directly, so that `apply` need not build the whole list (the property tests hold the two
 * together). Whether the given action is that one, and no more, is `sameAction`'s to say.
 */
export function listedAction(s: FreibeuterState, seat: Seat, action: unknown): FreibeuterAction | null {
  if (s.phase === 'over' || seat !== s.current || !isActive(s, seat)) return null;
  if (typeof action !== 'object' || action === null) return null;
  const a = action as Record<string, unknown>;
  const player = playerOf(s, seat);
  switch (s.phase) {
    case 'turn': {
      if (a.type === 'board') {
        const point = a.point;
        if (typeof point !== 'number' || !Number.isInteger(point) || point < 0 || point >= POINT_COUNT) return null;
        const free = s.tokens[point]?.kind === 'ship' && s.boarded[point] === null;
        return free && player.boats > 0 ? { type: 'board', point } : null;
      }
      if (a.type === 'place' || a.type === 'takeTreasure') {
        const name = a.field;
        if (typeof name !== 'string' || !player.hand.sea.includes(name as SeaCard)) return null;
        const field = fieldIndex(name);
        const boats = boatsOn(s, field).length;
        if (a.type === 'place') {
          return boats < fieldCapacity(field) && player.boats > 0 ? { type: 'place', field: name as FieldName } : null;
        }
        return boats > 0 ? { type: 'takeTreasure', field: name as FieldName } : null;
      }
      if (a.type === 'dutchman') {
        const { line, field: name } = a;
        if (!isLine(line) || !player.hand.dutchman.includes(line) || typeof name !== 'string') return null;
        const field = fieldIndex(name);
        if (!lineFields(line).includes(field) || boatsOn(s, field).length > 0 || !dutchmanCompletes(s, field)) return null;
        return { type: 'dutchman', line, field: name as FieldName };
      }
      return null;
    }
    case 'order': {
      // Kept for games opened under version 1: one token at a time.
      if (rulesOf(s) < 2) return a.type === 'resolve' && s.pending.includes(a.point as number) ? { type: 'resolve', point: a.point as number } : null;
      if (a.type !== 'order' || !Array.isArray(a.points)) return null;
      const asked = a.points;
      const choice = orderChoices(s).find((c) => sameAction(c.points, asked));
      return choice ? { type: 'order', points: [...choice.points] } : null;
    }
    case 'draw':
      return a.type === 'draw' && (a.pile === 'sea' || a.pile === 'dutchman') ? { type: 'draw', pile: a.pile } : null;
  }
}
