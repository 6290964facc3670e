import { describe, expect, it } from 'vitest';
import { presenters } from '../../games/index.js';
import { translator } from '../../i18n/index.js';
import { rulesSections } from './rules.js';

describe('/rules in sections', () => {
  it('splits a text at its "## " headings; the text before the first is the opening', () => {
    const sections = rulesSections('Lead your pirates.\n\n## A turn\nPlay a card.\n## The end\nAll aboard wins.', 'Cartagena');
    expect(sections).toEqual([
      { title: 'Cartagena', body: 'Lead your pirates.' },
      { title: 'A turn', body: '## A turn\nPlay a card.' },
      { title: 'The end', body: '## The end\nAll aboard wins.' },
    ]);
    expect(rulesSections('Only one part.', 'Game')).toEqual([{ title: 'Game', body: 'Only one part.' }]);
  });

  it.each(['en', 'nl'] as const)('every game’s rules fit Discord in %s: each section within an embed, at most 25 sections', (locale) => {
    const t = translator(locale);
    for (const presenter of Object.values(presenters)) {
      const sections = rulesSections(t(presenter.rules), t(presenter.name));
      expect(sections.length).toBeLessThanOrEqual(25);
      for (const section of sections) {
        expect(section.body.length, `${presenter.name}: ${section.title}`).toBeLessThanOrEqual(4096);
        expect(section.title.length).toBeLessThanOrEqual(100);
      }
    }
  });
});
