import { expect } from 'vitest';
import { panelRows } from '../../src/discord/components.js';
import type { Panel } from '../../src/games/presenter.js';
import type { Translate } from '../../src/i18n/index.js';
import { validatedRows } from './components.js';

/**
 * A panel offers every legal action exactly once, each with a label, and fits in Discord: the
 * rows of components pass the builders' checks and the text fits a message.
 */
export function expectPanelOffersExactly(panel: Panel, legal: readonly unknown[], t: Translate): void {
  const indices = panel.groups.flatMap((group) => group.choices.map((choice) => choice.index)).sort((a, b) => a - b);
  expect(indices).toEqual(legal.map((_, i) => i));
  expect(() => validatedRows(panelRows(panel, 1, 0, t))).not.toThrow();
  expect(panel.text.length).toBeLessThan(1900);
  for (const group of panel.groups) for (const choice of group.choices) expect(choice.label.length).toBeGreaterThan(0);
}
