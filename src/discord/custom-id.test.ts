import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOM_ID_MAX, decodeChoice, decodeId, encodeChoice, encodeId, ID_SHAPES, longestId, type ComponentId, type ComponentKind } from './custom-id.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { isRulesPage } from './commands/rules.js';

const KINDS = Object.keys(ID_SHAPES) as ComponentKind[];

describe('custom ids', () => {
  it('round-trip every kind and stay within 100 characters', () => {
    const ids: ComponentId[] = [
      { kind: 'join', game: 1 },
      { kind: 'leave', game: 22 },
      { kind: 'start', game: 3 },
      { kind: 'cancel', game: 4 },
      { kind: 'panel', game: 999999999999 },
      { kind: 'reopen', game: 12 },
      { kind: 'act', game: 12, version: 345, index: 6 },
      { kind: 'pick', game: 12, version: 345, n: 1 },
      { kind: 'undo', game: 12, seq: 345 },
      { kind: 'ask', game: 12, version: 345, index: 2 },
      { kind: 'act', game: 999999999999999, version: 999999999999999, index: 9999, meaning: 'Ab-_09zZyY8' },
      { kind: 'ask', game: 12, version: 345, index: 2, meaning: 'Ab-_09zZyY8' },
      { kind: 'log', game: 12, move: 0, toward: 'older' },
      { kind: 'log', game: 999999999999999, move: 999999999999999, toward: 'newer' },
      { kind: 'replay', game: 7 },
      { kind: 'replaygo', game: 7 },
      { kind: 'replayto', game: 7, move: 0, button: 'first' },
      { kind: 'replayto', game: 7, move: 12, button: 'previous' },
      { kind: 'replayto', game: 7, move: 13, button: 'next' },
      { kind: 'replayto', game: 999999999999999, move: 999999999999999, button: 'last' },
    ];
    for (const id of ids) {
      const raw = encodeId(id);
      expect(raw.length).toBeLessThanOrEqual(longestId(id.kind));
      expect(decodeId(raw)).toEqual(id);
    }
  });

  it('refuses log ids of the old page format and malformed or unbounded cursors', () => {
    for (const raw of [
      'log:1:2',
      'log:1:2:3',
      'log:1:2:x',
      'log:1:2:O',
      'log:1:2:older',
      'log:1::n',
      'log:1:-1:o',
      'log:1:1e3:n',
      'log:1:2:n:3',
      'log:1:1000000000000000:n',
      'log:x:2:n',
    ]) {
      expect(decodeId(raw), raw).toBeNull();
    }
  });

  it('refuses replay ids with a move or a button no replay makes', () => {
    for (const raw of [
      'replay:1:2',
      'replaygo:1:2',
      'replayto:1:2',
      'replayto:1:2:x',
      'replayto:1:2:N',
      'replayto:1:-1:n',
      'replayto:1:2.5:n',
      'replayto:1:2:next',
      'replayto:1:2:n:3',
      'replayto:x:2:n',
    ]) {
      expect(decodeId(raw), raw).toBeNull();
    }
  });

  it("reads a move menu's values with their meaning, and the bare index of menus made before meanings", () => {
    expect(decodeChoice(encodeChoice(3, 'Ab-_09zZyY8'))).toEqual({ index: 3, meaning: 'Ab-_09zZyY8' });
    expect(decodeChoice(encodeChoice(17))).toEqual({ index: 17 });
    for (const raw of [undefined, '', 'x', '-1', '12345', '3:', '3:short', '3:Ab-_09zZyY8:4', '3:Ab-_09zZyY8x', '3:Ab+/09zZyY8', '1e3'])
      expect(decodeChoice(raw), raw).toBeNull();
  });

  it("every declared kind's longest id is within Discord's 100 characters", () => {
    for (const kind of KINDS) {
      expect(longestId(kind), kind).toBeLessThanOrEqual(CUSTOM_ID_MAX);
    }
  });

  it('every kind with an id shape is declared for the router, and the other way round', () => {
    expect(Object.keys(COMPONENT_KINDS).sort()).toEqual([...KINDS].sort());
  });

  it('no text decodes as two kinds: an id is read back as the kind that wrote it, and no rules page reads as a game id', () => {
    const field = fc.oneof(fc.nat({ max: 10 ** 15 - 1 }).map(String), fc.constantFrom('o', 'n', 'f', 'p', 'l', 'x', '', 'Ab-_09zZyY8', '-1'));
    fc.assert(
      fc.property(fc.constantFrom(...KINDS, 'rules', 'drop'), fc.nat({ max: 10 ** 15 - 1 }), fc.array(field, { maxLength: 4 }), (kind, game, fields) => {
        const raw = [kind, String(game), ...fields].join(':');
        const id = decodeId(raw);
        if (id === null) return;
        // Read back as the kind its text names, and written again as the same text.
        expect(id.kind).toBe(kind);
        expect(encodeId(id)).toBe(raw);
        expect(isRulesPage(raw)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects anything else', () => {
    for (const raw of [
      '',
      'act',
      'act:1',
      'act:1:2',
      'act:x:1:2',
      'join:1:2',
      'drop:1',
      'pick:1:2:3:4',
      'panel:-1',
      'act:1:2:1e3',
      'log:1',
      'log:1:x',
      'act:1:2:3:',
      'act:1:2:3:short',
      'act:1:2:3:Ab-_09zZyY8:x',
      'ask:1:2:3:Ab+/09zZyY8',
      'pick:1:2:3:Ab-_09zZyY8',
    ]) {
      expect(decodeId(raw)).toBeNull();
    }
  });
});
