import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { boardAltText, fitSentences, MAX_ALT_TEXT, spokenText, turnSentence } from './alt-text.js';
import type { AnyGamePresenter } from './presenter.js';
import { presenters } from './index.js';

const t = translator('en');

describe('board descriptions (alt text)', () => {
  it('read post lines as plain words: no Markdown, no emoji or flags, no shape marks; card suits stay', () => {
    expect(spokenText('🏆 **■ Bart wins the match** with 6 game points.', t)).toBe('Bart wins the match with 6 game points.');
    expect(spokenText('• Card 3 (🇺🇸 American 4) → ● Anne: more dice.', t)).toBe('Card 3 (American 4) → Anne: more dice.');
    expect(spokenText('🂠 The cards are turned: Anne ~~2~~, Bart **5**.', t)).toBe('The cards are turned: Anne 2 (crossed out), Bart 5.');
    expect(spokenText('➡️ Bart wins trick 3: Anne 10♠, Bart **K♠** ( 🔑 💀 ).', t)).toBe('Bart wins trick 3: Anne 10♠, Bart K♠.');
  });

  it('tell a turn as sentences, and nothing when there is nothing to tell', () => {
    expect(turnSentence(t, ['Anne moved', '**Final scoring**', 'Bart wins!**'], 'last')).toEqual(['Last turn: Anne moved. **Final scoring**. Bart wins!**']);
    expect(turnSentence(translator('nl'), ['Anne speelt **H♠**.'], 'under-way')).toEqual(['Deze beurt tot nu toe: Anne speelt **H♠**.']);
    expect(turnSentence(t, [], 'start')).toEqual([]);
  });

  it('start with the game and fit Discord’s 1,024 characters, cut after the last whole sentence', () => {
    const wordy = { ...presenters.cartagena, altText: () => ['Turn 3.', 'Anne moved a pirate from space 3 to space 7. '.repeat(30)] } as AnyGamePresenter;
    const text = boardAltText(wordy, {}, { t, players: [] });
    expect(text.startsWith('Cartagena board. Turn 3. Anne moved')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_ALT_TEXT);
    expect(text.length).toBeGreaterThan(MAX_ALT_TEXT - 50);
    expect(text.endsWith('to space 7.')).toBe(true);
    // A Dutch text that ran to about 1,030 characters loses its last sentence, not half of it.
    const dutch = `${'Ronde 3 van 8: Anne heeft 4 en 2 gegooid. '.repeat(24)}Anne legt een dobbelsteen bij kaart 5.`;
    expect(dutch.length).toBeGreaterThan(MAX_ALT_TEXT);
    expect(fitSentences(dutch)).toBe('Ronde 3 van 8: Anne heeft 4 en 2 gegooid. '.repeat(24).trimEnd());
    // Only a first sentence longer than the limit is cut at a word.
    expect(fitSentences('word '.repeat(400)).endsWith('word…')).toBe(true);
    expect(fitSentences('Short. Fits.')).toBe('Short. Fits.');
  });
});
