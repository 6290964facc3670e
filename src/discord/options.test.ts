import type { CommandInteractionOption } from 'discord.js';
import { ApplicationCommandOptionType as T } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { invalidOption } from './options.js';
import { buildCommands } from './commands.js';
import { allGames, MOST_BOTS, presenters } from '../games/index.js';

/** `/game <sub> ...options` as discord.js hands it to the bot. */
const sub = (name: string, options: CommandInteractionOption[]): CommandInteractionOption[] => [{ name, type: T.Subcommand, options }];
const int = (name: string, value: number): CommandInteractionOption => ({ name, type: T.Integer, value });
const str = (name: string, value: string): CommandInteractionOption => ({ name, type: T.String, value });

describe('command options are checked in the bot, whatever a client sends', () => {
  it('accepts what the commands offer', () => {
    expect(invalidOption(sub('extend', [int('hours', 1), int('id', 12)]))).toBeNull();
    expect(invalidOption(sub('extend', [int('hours', 168)]))).toBeNull();
    expect(invalidOption(sub('new', [str('game', 'cartagena'), str('variant', 'tortuga'), str('time_limit', '2d'), str('language', 'nl')]))).toBeNull();
    expect(invalidOption(sub('log', [int('from', 1)]))).toBeNull();
  });

  it('refuses hours outside 1 to 168, fractions, and ids and moves that are not positive or not safe numbers', () => {
    for (const hours of [-48, 0, 169, 1e9, 1.5, Number.NaN]) expect(invalidOption(sub('extend', [int('hours', hours)]))).toBe('hours');
    for (const id of [0, -1, 2 ** 60, 0.5]) expect(invalidOption(sub('board', [int('id', id)]))).toBe('id');
    expect(invalidOption(sub('log', [int('from', 0)]))).toBe('from');
  });

  it('refuses overlong strings, in named options and in any other', () => {
    expect(invalidOption(sub('new', [str('game', 'x'.repeat(5000))]))).toBe('game');
    expect(invalidOption(sub('new', [str('variant', 'v'.repeat(101))]))).toBe('variant');
    expect(invalidOption([str('anything', 'y'.repeat(201))])).toBe('anything');
    expect(invalidOption([int('anything', Number.POSITIVE_INFINITY)])).toBe('anything');
  });

  it('seats as many bots as the largest game with bot players has seats beside its host, in the command and in the bot', () => {
    const largest = Math.max(...allGames.filter((g) => g.supports.bots).map((g) => g.rules.maxSeats));
    expect(MOST_BOTS).toBe(largest - 1);
    const gameNew = buildCommands(presenters)
      .find((c) => c.name === 'game')
      ?.options?.find((o) => o.name === 'new');
    const bots = (gameNew && 'options' in gameNew ? (gameNew.options ?? []) : []).find((o) => o.name === 'bots');
    expect(bots && 'max_value' in bots ? bots.max_value : undefined).toBe(MOST_BOTS);
    expect(invalidOption(sub('new', [int('bots', MOST_BOTS)]))).toBeNull();
    expect(invalidOption(sub('new', [int('bots', MOST_BOTS + 1)]))).toBe('bots');
  });

  it('names like __proto__ are just unknown options, checked as such', () => {
    expect(invalidOption([str('__proto__', 'x')])).toBeNull();
    expect(invalidOption([str('constructor', 'x'.repeat(500))])).toBe('constructor');
  });
});
