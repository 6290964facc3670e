/**
 * What a slash command declares, once, in its own module beside this one: its definition (the
 * builder, with its options, their bounds and their translations), the named checks it needs
 * before it runs, and its handler. ../commands.ts lists the commands; Discord is told them from
 * that list (deploy-commands, the client's start) and ../slash.ts runs them from it.
 */
import type { SlashCommandIntegerOption, SlashCommandStringOption, SlashCommandSubcommandBuilder } from '@discordjs/builders';
import type { ChatInputCommandInteraction, LocalizationMap, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { DEFAULT_LOCALE, LOCALES, t, type Locale, type MessageKey, type Translate } from '../../i18n/index.js';
import { DISCORD_LIMITS, fitText } from '../../text-fit.js';
import type { BotContext } from '../context.js';
import type { Handled } from '../replies.js';
import type { PreconditionName } from './preconditions.js';

const en = (key: MessageKey) => t(DEFAULT_LOCALE, key);

/** A text in every other language the bot speaks, keyed by Discord's locale names. */
function localized(key: MessageKey): LocalizationMap {
  return Object.fromEntries(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [l, t(l, key)]));
}

/** The names of commands, subcommands and options: each has a catalogue key `command.name.<name>`. */
export type CommandName = Extract<MessageKey, `command.name.${string}`> extends `command.name.${infer N}` ? N : never;

interface Labelled {
  setName(name: string): this;
  setNameLocalizations(map: LocalizationMap): this;
  setDescription(description: string): this;
  setDescriptionLocalizations(map: LocalizationMap): this;
}

/** Sets a name and a description, with their translations, so each client shows its own language. */
export function label<B extends Labelled>(builder: B, name: CommandName, description: MessageKey): B {
  const nameKey: MessageKey = `command.name.${name}`;
  return builder
    .setName(en(nameKey))
    .setNameLocalizations(localized(nameKey))
    .setDescription(en(description))
    .setDescriptionLocalizations(localized(description));
}

/** A choice of an option, with its translations. */
export const choice = (key: MessageKey, value: string) => ({ name: fitText(en(key), DISCORD_LIMITS.choiceName), name_localizations: localized(key), value });
export type Choice = ReturnType<typeof choice>;

/**
 * The bounds of one option. Discord's client keeps to what a command tells it, but an interaction
 * is only data a client sends and any client can send anything: the bot checks every option
 * against the same bounds (../options.ts) before a handler reads it.
 * - `integer`: whole numbers from `min` to `max`; without `max`, any safe integer (Discord is told no top).
 * - `text`: typed freely, at most `maxLength` characters (Discord is told the length).
 * - `choice`: one of the command's choices or suggestions; the bot takes no value longer than
 *   `maxLength` (Discord is told the choices instead).
 * A value outside its bound is answered with the bound's `refusal` when it declares one (a sentence
 * that says what would do, e.g. "from 1 to 168 hours"), else with "That value for <option> is not valid".
 */
export type OptionBound = ({ type: 'integer'; min: number; max?: number } | { type: 'text'; maxLength: number } | { type: 'choice'; maxLength: number }) & {
  refusal?: MessageKey;
};

export const integer = (min: number, max?: number, refusal?: MessageKey): OptionBound & { type: 'integer' } => ({
  type: 'integer',
  min,
  ...(max === undefined ? {} : { max }),
  ...(refusal === undefined ? {} : { refusal }),
});
export const text = (maxLength: number): OptionBound & { type: 'text' } => ({ type: 'text', maxLength });
export const oneOf = (maxLength: number): OptionBound & { type: 'choice' } => ({ type: 'choice', maxLength });

/** The bounds of a command's options by name, across its subcommands (one name, one bound). */
export type Bounds = Readonly<Record<string, OptionBound>>;

/** An integer option within its bound: what Discord is told comes from the declaration. */
export function within(option: SlashCommandIntegerOption, bound: OptionBound & { type: 'integer' }): SlashCommandIntegerOption {
  option.setMinValue(bound.min);
  return bound.max === undefined ? option : option.setMaxValue(bound.max);
}

/** A typed text option no longer than its bound. */
export const upTo = (option: SlashCommandStringOption, bound: OptionBound & { type: 'text' }): SlashCommandStringOption => option.setMaxLength(bound.maxLength);

/** The bounds of several subcommands as one command's; a name bound two ways is a mistake caught at start. */
export function mergeBounds(...all: Bounds[]): Bounds {
  const merged: Record<string, OptionBound> = {};
  for (const bounds of all) {
    for (const [name, bound] of Object.entries(bounds)) {
      const known = merged[name];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(bound)) throw new Error(`Option ${name} is bound two ways in one command`);
      merged[name] = bound;
    }
  }
  return merged;
}

/** What the definitions are built from: the registry's games, so a new game appears in the pickers. */
export interface Pickers {
  games: Choice[];
  timeLimits: Choice[];
}

/** A command as its handler gets it, after its checks passed. */
export interface CommandUse {
  ctx: BotContext;
  interaction: ChatInputCommandInteraction;
  locale: Locale;
  t: Translate;
}

export interface SlashCommand {
  name: CommandName;
  /** Checked in this order before anything else (./preconditions.ts). */
  preconditions: readonly PreconditionName[];
  bounds: Bounds;
  define(pickers: Pickers): { toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  handle(use: CommandUse): Promise<Handled>;
}

/** One subcommand of a command split into modules (`/game`). */
export interface Subcommand<Use> {
  name: CommandName;
  /** Checked after the command's own, before this subcommand runs. */
  preconditions?: readonly PreconditionName[];
  bounds: Bounds;
  define(builder: SlashCommandSubcommandBuilder, pickers: Pickers): SlashCommandSubcommandBuilder;
  handle(use: Use): Promise<Handled>;
}
