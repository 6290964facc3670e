import { describe, expect, it } from 'vitest';
import { decodeId, encodeId, type ComponentId } from './custom-id.js';

describe('custom ids', () => {
  it('round-trip every kind and stay within 100 characters', () => {
    const ids: ComponentId[] = [
      { kind: 'join', game: 1 },
      { kind: 'leave', game: 22 },
      { kind: 'start', game: 3 },
      { kind: 'cancel', game: 4 },
      { kind: 'panel', game: 999999999999 },
      { kind: 'act', game: 12, version: 345, index: 6 },
      { kind: 'pick', game: 12, version: 345, n: 1 },
      { kind: 'log', game: 12, page: 0 },
    ];
    for (const id of ids) {
      const raw = encodeId(id);
      expect(raw.length).toBeLessThanOrEqual(100);
      expect(decodeId(raw)).toEqual(id);
    }
  });

  it('rejects anything else', () => {
    for (const raw of ['', 'act', 'act:1', 'act:1:2', 'act:x:1:2', 'join:1:2', 'drop:1', 'pick:1:2:3:4', 'panel:-1', 'act:1:2:1e3', 'log:1', 'log:1:2:3', 'log:1:x']) {
      expect(decodeId(raw)).toBeNull();
    }
  });
});
