import { describe, expect, it } from 'vitest';
import { localeFrom, t } from './index.js';

describe('message catalogue', () => {
  it('fills placeholders and picks the locale from Discord', () => {
    expect(t('en', 'refusal.not-enough-players', { min: 2 })).toBe('Not enough players yet: this game needs at least 2.');
    expect(localeFrom('en-US')).toBe('en');
    expect(localeFrom('fr')).toBe('en');
    expect(localeFrom(undefined)).toBe('en');
  });
});
