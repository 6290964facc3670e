import type { CommandInteractionOption } from 'discord.js';
import { ApplicationCommandOptionType as T, type APIApplicationCommandOption } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { invalidOption } from './options.js';
import { buildCommands, SLASH_COMMANDS } from './commands.js';
import { game } from './commands/game.js';
import { allGames, MOST_BOTS, presenters } from '../games/index.js';

/** `/game <sub> ...options` as discord.js hands it to the bot. */
const sub = (name: string, options: CommandInteractionOption[]): CommandInteractionOption[] => [{ name, type: T.Subcommand, options }];
const int = (name: string, value: number): CommandInteractionOption => ({ name, type: T.Integer, value });
const str = (name: string, value: string): CommandInteractionOption => ({ name, type: T.String, value });
/** The option refused, by name, or null. */
const ofGame = (options: readonly CommandInteractionOption[]) => invalidOption(game.bounds, options)?.name ?? null;

describe('command options are checked in the bot, whatever a client sends', () => {
  it('accepts what the commands offer', () => {
    expect(ofGame(sub('extend', [int('hours', 1), int('id', 12)]))).toBeNull();
    expect(ofGame(sub('extend', [int('hours', 168)]))).toBeNull();
    expect(ofGame(sub('new', [str('game', 'cartagena'), str('variant', 'tortuga'), str('time_limit', '2d'), str('language', 'nl')]))).toBeNull();
    expect(ofGame(sub('log', [int('from', 1)]))).toBeNull();
  });

  it('refuses hours outside 1 to 168, fractions, and ids and moves that are not positive or not safe numbers', () => {
    for (const hours of [-48, 0, 169, 1e9, 1.5, Number.NaN]) expect(ofGame(sub('extend', [int('hours', hours)]))).toBe('hours');
    for (const id of [0, -1, 2 ** 60, 0.5]) expect(ofGame(sub('board', [int('id', id)]))).toBe('id');
    expect(ofGame(sub('log', [int('from', 0)]))).toBe('from');
  });

  it('refuses overlong strings, in named options and in any other', () => {
    expect(ofGame(sub('new', [str('game', 'x'.repeat(5000))]))).toBe('game');
    expect(ofGame(sub('new', [str('variant', 'v'.repeat(101))]))).toBe('variant');
    expect(ofGame([str('anything', 'y'.repeat(201))])).toBe('anything');
    expect(ofGame([int('anything', Number.POSITIVE_INFINITY)])).toBe('anything');
  });

  it('seats as many bots as the largest game with bot players has seats beside its host, in the command and in the bot', () => {
    const largest = Math.max(...allGames.filter((g) => g.supports.bots).map((g) => g.rules.maxSeats));
    expect(MOST_BOTS).toBe(largest - 1);
    const gameNew = buildCommands(presenters)
      .find((c) => c.name === 'game')
      ?.options?.find((o) => o.name === 'new');
    const bots = (gameNew && 'options' in gameNew ? (gameNew.options ?? []) : []).find((o) => o.name === 'bots');
    expect(bots && 'max_value' in bots ? bots.max_value : undefined).toBe(MOST_BOTS);
    expect(ofGame(sub('new', [int('bots', MOST_BOTS)]))).toBeNull();
    expect(ofGame(sub('new', [int('bots', MOST_BOTS + 1)]))).toBe('bots');
  });

  it('bounds an option by its own command: a day and up for /away, none and up for /settings away-days', () => {
    const bounds = (name: string) => SLASH_COMMANDS.find((c) => c.name === name)?.bounds ?? {};
    expect(invalidOption(bounds('away'), sub('start', [int('days', 0)]))?.name).toBe('days');
    expect(invalidOption(bounds('settings'), sub('away-days', [int('days', 0)]))).toBeNull();
  });

  it('refuses with the text the bound declares, else with the general one that names the option', () => {
    expect(invalidOption(game.bounds, sub('extend', [int('hours', 169)]))).toEqual({ name: 'hours', refusal: 'refusal.bad-hours' });
    expect(invalidOption(game.bounds, sub('board', [int('id', 0)]))).toEqual({ name: 'id', refusal: 'refusal.bad-option' });
    expect(invalidOption(game.bounds, [str('anything', 'y'.repeat(201))])).toEqual({ name: 'anything', refusal: 'refusal.bad-option' });
  });

  it('names like __proto__ are just unknown options, checked as such', () => {
    expect(ofGame([str('__proto__', 'x')])).toBeNull();
    expect(ofGame([str('constructor', 'x'.repeat(500))])).toBe('constructor');
  });
});

/** Every option of a command with its path ("game new bots"), subcommands opened. */
function leaves(options: readonly APIApplicationCommandOption[], path: string): { path: string; option: APIApplicationCommandOption }[] {
  return options.flatMap((o) =>
    o.type === T.Subcommand || o.type === T.SubcommandGroup ? leaves(o.options ?? [], `${path} ${o.name}`) : [{ path: `${path} ${o.name}`, option: o }],
  );
}

describe('what Discord is told of an option and what the bot enforces are one declaration', () => {
  const definitions = buildCommands(presenters);
  const all = SLASH_COMMANDS.map((command) => ({
    command,
    options: leaves(definitions.find((d) => d.name === command.name)?.options ?? [], `/${command.name}`),
  }));

  it('every number and text option is bounded, and its bound is what Discord is told', () => {
    let checked = 0;
    for (const { command, options } of all) {
      for (const { path, option } of options) {
        if (option.type !== T.Integer && option.type !== T.String) continue;
        const bound = Object.hasOwn(command.bounds, option.name) ? command.bounds[option.name] : undefined;
        expect(bound, path).toBeDefined();
        if (bound === undefined) continue;
        checked++;
        if (option.type === T.Integer) {
          expect(bound.type, path).toBe('integer');
          if (bound.type !== 'integer') continue;
          expect([option.min_value, option.max_value], path).toEqual([bound.min, bound.max]);
          continue;
        }
        if (bound.type === 'text') {
          expect([option.max_length, 'choices' in option ? option.choices : undefined, option.autocomplete], path).toEqual([
            bound.maxLength,
            undefined,
            undefined,
          ]);
          continue;
        }
        // One of the choices or suggestions: Discord is told no length; each choice fits the bot's.
        expect(bound.type, path).toBe('choice');
        if (bound.type !== 'choice') continue;
        expect(option.max_length, path).toBeUndefined();
        const choices = 'choices' in option ? (option.choices ?? []) : [];
        expect(choices.length > 0 || option.autocomplete === true, path).toBe(true);
        for (const c of choices) expect(String(c.value).length, `${path} ${c.value}`).toBeLessThanOrEqual(bound.maxLength);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('declares no bound for an option its command does not have', () => {
    for (const { command, options } of all) {
      const names = new Set(options.map((o) => o.option.name));
      expect(
        Object.keys(command.bounds).filter((name) => !names.has(name)),
        `/${command.name}`,
      ).toEqual([]);
    }
  });

  it('each game variant fits the bound of /game new variant', () => {
    const bound = game.bounds.variant;
    for (const presenter of Object.values(presenters)) {
      for (const v of presenter.variants) expect(bound?.type === 'choice' && v.value.length <= bound.maxLength, v.value).toBe(true);
    }
  });
});
