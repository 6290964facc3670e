import { describe, expect, it } from 'vitest';
import { ComponentType } from 'discord.js';
import { translator } from '../i18n/index.js';
import { validatedRows } from '../../tests/support/components.js';
import { decodeId } from './custom-id.js';
import { confirmRow, openPanelRow, panelRows } from './components.js';
import { refuseLoneSurrogates, validateMessageFields } from '../../tests/e2e/server/validate.js';

const t = translator('en');

describe('panel components', () => {
  it('pages long select menus by 25, puts buttons five to a row and ends with Refresh', () => {
    const choices = (n: number, label = 'Choice') => Array.from({ length: n }, (_, index) => ({ index, label: `${label} ${index}` }));
    const rows = panelRows(
      {
        text: '',
        groups: [
          { kind: 'select', placeholder: 'Pick', choices: choices(30) },
          { kind: 'buttons', placeholder: '', choices: choices(6, 'B').map((c) => ({ ...c, index: c.index + 30 })) },
        ],
      },
      7,
      12,
      t,
    );
    expect(validatedRows(rows)).toEqual(rows);
    expect(rows.map((r) => r.components.length)).toEqual([1, 1, 5, 2]);
    const [first, second] = rows.map((r) => r.components[0]);
    expect(first?.type === ComponentType.StringSelect && first.options.length).toBe(25);
    expect(second?.type === ComponentType.StringSelect && second.options.map((o) => o.value)).toEqual(['25', '26', '27', '28', '29']);
    const last = rows[3]?.components[1];
    expect(last?.type === ComponentType.Button && 'custom_id' in last && decodeId(last.custom_id)).toEqual({ kind: 'panel', game: 7 });
  });

  it('offers Undo beside Refresh when the player may take back a move, on a row of its own if the last is full', () => {
    const buttons = (n: number) => ({
      text: '',
      groups: [{ kind: 'buttons' as const, placeholder: '', choices: Array.from({ length: n }, (_, index) => ({ index, label: `B${index}` })) }],
    });
    const ids = (rows: ReturnType<typeof panelRows>) => rows.map((r) => r.components.map((c) => ('custom_id' in c ? c.custom_id : '')));
    expect(ids(panelRows(buttons(2), 7, 12, t, 11))).toEqual([['act:7:12:0', 'act:7:12:1', 'undo:7:11', 'panel:7']]);
    expect(ids(panelRows(buttons(4), 7, 12, t, 11))).toEqual([
      ['act:7:12:0', 'act:7:12:1', 'act:7:12:2', 'act:7:12:3'],
      ['undo:7:11', 'panel:7'],
    ]);
    expect(ids(panelRows(buttons(2), 7, 12, t))).toEqual([['act:7:12:0', 'act:7:12:1', 'panel:7']]);
    expect(validatedRows(panelRows(buttons(4), 7, 12, t, 11))).toHaveLength(2);
  });

  it('a choice that asks first gets an ask id; its question is answered with Yes (the move) or Back (the panel)', () => {
    const rows = panelRows(
      {
        text: '',
        groups: [
          {
            kind: 'buttons',
            placeholder: '',
            choices: [
              { index: 0, label: 'Play' },
              { index: 1, label: 'Claim', confirm: 'Claim now?' },
            ],
          },
        ],
      },
      7,
      12,
      t,
    );
    const ids = rows[0]?.components.map((c) => ('custom_id' in c ? c.custom_id : ''));
    expect(ids).toEqual(['act:7:12:0', 'ask:7:12:1', 'panel:7']);
    const answer = confirmRow(7, 12, 1, t);
    expect(validatedRows([answer])).toEqual([answer]);
    expect(answer.components.map((c) => ('custom_id' in c ? [c.custom_id, 'label' in c ? c.label : ''] : []))).toEqual([
      ['act:7:12:1', 'Yes'],
      ['panel:7', 'Back'],
    ]);
  });

  it("carries each choice's meaning in its button's id or its option's value, the question's Yes too", () => {
    const meanings = new Map([
      [0, 'AAAAAAAAAAA'],
      [1, 'BBBBBBBBBBB'],
      [2, 'CCCCCCCCCCC'],
    ]);
    const rows = panelRows(
      {
        text: '',
        groups: [
          {
            kind: 'buttons',
            placeholder: '',
            choices: [
              { index: 0, label: 'Play' },
              { index: 1, label: 'Claim', confirm: 'Claim now?' },
            ],
          },
          { kind: 'select', placeholder: 'Pick', choices: [{ index: 2, label: 'Other' }] },
        ],
      },
      7,
      12,
      t,
      null,
      meanings,
    );
    expect(validatedRows(rows)).toEqual(rows);
    const components = rows.flatMap((r) => r.components);
    expect(components.map((c) => ('custom_id' in c ? c.custom_id : ''))).toEqual([
      'act:7:12:0:AAAAAAAAAAA',
      'ask:7:12:1:BBBBBBBBBBB',
      'pick:7:12:0',
      'panel:7',
    ]);
    const menu = components[2];
    expect(menu?.type === ComponentType.StringSelect && menu.options.map((o) => o.value)).toEqual(['2:CCCCCCCCCCC']);
    expect(confirmRow(7, 12, 1, t, 'BBBBBBBBBBB').components.map((c) => ('custom_id' in c ? c.custom_id : ''))).toEqual(['act:7:12:1:BBBBBBBBBBB', 'panel:7']);
  });

  it('clips labels to what Discord accepts', () => {
    const long = 'x'.repeat(300);
    const rows = panelRows(
      {
        text: '',
        groups: [
          { kind: 'select', placeholder: long, choices: [{ index: 0, label: long, description: long }] },
          { kind: 'buttons', placeholder: '', choices: [{ index: 1, label: long }] },
        ],
      },
      1,
      0,
      t,
    );
    expect(() => validatedRows(rows)).not.toThrow();
    expect(() => validatedRows([openPanelRow(1, t)])).not.toThrow();
    // The check itself is strict: an unclipped label fails it.
    const unclipped = openPanelRow(1, t);
    const [button] = unclipped.components;
    if (button?.type === ComponentType.Button && 'custom_id' in button) button.label = long;
    expect(() => validatedRows([unclipped])).toThrow();
  });

  it('cuts a label or a description between emoji, never inside one, as Discord requires', () => {
    // A ship option whose description has its emoji right at the cut (as Freibeuter's could).
    const description = `${'Ship 7 at B1-C2, worth 20, pays 4 per boat, boarded by '.padEnd(98, '.')}🏴‍☠️ Anne and 🇳🇱 Marc`;
    const label = `${'x'.repeat(97)}👨‍👩‍👧 family`;
    const rows = panelRows(
      {
        text: '',
        groups: [
          { kind: 'select', placeholder: `${'p'.repeat(148)}🗡️`, choices: [{ index: 0, label, description }] },
          { kind: 'buttons', placeholder: '', choices: [{ index: 1, label: `${'b'.repeat(78)}🗡️ Dagger` }] },
        ],
      },
      1,
      0,
      t,
    );
    expect(() => refuseLoneSurrogates({ components: rows })).not.toThrow();
    expect(() => validateMessageFields({ components: rows })).not.toThrow();
    const menu = rows[0]?.components[0];
    const option = menu?.type === ComponentType.StringSelect ? menu.options[0] : undefined;
    expect(option?.description).toBe(`${description.slice(0, 98)}…`);
    expect(option?.label).toBe(`${'x'.repeat(97)}…`);
  });

  it('refuses a panel that needs more than five rows', () => {
    const many = Array.from({ length: 26 }, (_, index) => ({ index, label: `${index}` }));
    expect(() => panelRows({ text: '', groups: [{ kind: 'buttons', placeholder: '', choices: many }] }, 1, 0, t)).toThrow(/rows/);
  });
});
