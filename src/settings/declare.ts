/**
 * What one setting declares, once, in its own module beside this one: its key in the stored
 * document, whose it is (a server's or a member's), the values it may take (a zod schema) and its
 * default, its name's text, how `/settings show` tells its value, and how `/settings` changes it.
 * ./index.ts lists them; the store keeps each owner's settings as one JSON document
 * (src/db/settings-store.ts), and the Discord layer builds a subcommand from `change`
 * (src/discord/commands/settings/change.ts).
 */
import type { z } from 'zod';
import type { Locale, MessageKey, Translate } from '../i18n/index.js';

/** A server's setting is changed by those who manage it; a member's own, by himself. */
export type SettingOwner = 'server' | 'member';

/** A subcommand's or option's name: each has a catalogue key `command.name.<name>`. */
export type OptionName = Extract<MessageKey, `command.name.${string}`> extends `command.name.${infer N}` ? N : never;

/** One of a choice option's choices: what Discord sends, its text, and the value it stands for. */
export interface SettingChoice<V> {
  option: string;
  text: MessageKey;
  value: V;
}

/**
 * How `/settings` changes a setting: a subcommand named `name` (described by
 * `command.settings.<name>`) with one required option `option` (`command.settings.<name>.<option>`).
 * - `boolean`: the option is the value.
 * - `integer`: a whole number from `min` to `max`, stored times `unit` (hours as ms: `unit` 3_600_000);
 *   `refusal`: the text answering a forged number out of that range (else the general one naming the option).
 * - `choice`: one of `choices`, stored as the choice's value.
 */
export type SettingChange<V> = { name: OptionName; option: OptionName } & (
  | { kind: 'boolean' }
  | { kind: 'integer'; min: number; max: number; unit?: number; refusal?: MessageKey }
  | { kind: 'choice'; choices: readonly SettingChoice<V>[] }
);

/** Reads another setting of the same owner, for a value told together with it. */
export type OtherSetting = <W>(setting: Setting<string, W>) => W;

export interface Setting<K extends string = string, V = unknown> {
  key: K;
  owner: SettingOwner;
  /** The values it may hold: a stored value that fails reads as the default. */
  value: z.ZodType<V>;
  default: V;
  /** Its name in `/settings show` and in the line that confirms a change. */
  name: MessageKey;
  /** Its value in words, in `/settings show` and in the line that confirms a change. */
  told(value: V, locale: Locale, t: Translate, other: OtherSetting): string;
  /** False: it has no line of its own in `/settings show` (another setting's line tells it). */
  shown?: boolean;
  /** Its value as a list cut to fit the answer (one setting at most: the channels). */
  listed?(value: V): readonly string[];
  /** Its subcommand; none: the Discord layer declares a subcommand of its own for it. */
  change?: SettingChange<V>;
}

/** Declares a setting; `const` keeps its key a literal, so the settings' type has it as a field. */
export const defineSetting = <const K extends string, V>(setting: Setting<K, V>): Setting<K, V> => setting;

type ValueOf<S> = S extends { default: infer V } ? V : never;

/** The values of a list of settings, by key. */
export type SettingValues<L extends readonly Setting[]> = { [S in L[number] as S['key']]: ValueOf<S> };

/** Settings as stored: a JSON object by key, read back through the declarations. */
export type StoredSettings = Readonly<Record<string, unknown>>;

/**
 * The values of `settings` in a stored document: each value that is as declared, the default for
 * one missing or not as declared; a key no longer declared is left out.
 */
export function readSettings<L extends readonly Setting[]>(settings: L, stored: unknown): SettingValues<L> {
  const document: Record<string, unknown> = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const values: Record<string, unknown> = {};
  for (const setting of settings) {
    const parsed = Object.hasOwn(document, setting.key) ? setting.value.safeParse(document[setting.key]) : undefined;
    values[setting.key] = parsed?.success ? parsed.data : setting.default;
  }
  return values as SettingValues<L>;
}

/** What is stored of `values`: the declared settings' values only. */
export function storedSettings<L extends readonly Setting[]>(settings: L, values: SettingValues<L>): StoredSettings {
  const all = values as Record<string, unknown>;
  return Object.fromEntries(settings.map((setting) => [setting.key, all[setting.key]]));
}

/** Each setting's default, by key: what an owner that set nothing has. */
export const defaultsOf = <L extends readonly Setting[]>(settings: L): SettingValues<L> => readSettings(settings, {});

/** A setting's value in words, among the values of its owner's settings. */
export function tellSetting<V>(setting: Setting<string, V>, values: object, locale: Locale, t: Translate): string {
  const all = values as Record<string, unknown>;
  const other: OtherSetting = (s) => all[s.key] as never;
  return setting.told(all[setting.key] as V, locale, t, other);
}
