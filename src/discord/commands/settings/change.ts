import type { ChatInputCommandInteraction } from 'discord.js';
import type { MessageKey } from '../../../i18n/index.js';
import { tellSetting, type Setting, type SettingChange } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { choice, integer, label, oneOf, within, type Bounds } from '../declare.js';
import type { SettingsSeen, SettingSubcommand, ShownSetting } from './declare.js';

/** The values of the setting's owner: the server's settings or the member's own. */
export const valuesOf = (setting: Setting, seen: SettingsSeen): object => (setting.owner === 'server' ? seen.settings : seen.member);

/** A setting as `/settings show` and the line confirming a change tell it. */
export function shownSetting(setting: Setting): ShownSetting {
  return { told: (seen, locale, t) => ({ name: setting.name, value: tellSetting(setting, valuesOf(setting, seen), locale, t) }) };
}

/** An integer setting's range: the one Discord is told and the bot checks. */
const integerBound = (change: Extract<SettingChange<unknown>, { kind: 'integer' }>) => integer(change.min, change.max, change.refusal);

/** The option's bound, as the bot checks it before the handler runs. */
function boundsOf(change: SettingChange<unknown>): Bounds {
  if (change.kind === 'integer') return { [change.option]: integerBound(change) };
  if (change.kind === 'choice') return { [change.option]: oneOf(32) };
  return {};
}

/** The value the option asks for; undefined: none the setting offers. */
function wanted<V>(change: SettingChange<V>, interaction: ChatInputCommandInteraction): V | undefined {
  const { options } = interaction;
  switch (change.kind) {
    case 'boolean':
      return options.getBoolean(change.option, true) as V;
    case 'integer': {
      const n = options.getInteger(change.option, true);
      return Number.isSafeInteger(n) && n >= change.min && n <= change.max ? ((n * (change.unit ?? 1)) as V) : undefined;
    }
    case 'choice': {
      const name = options.getString(change.option, true);
      return change.choices.find((c) => c.option === name)?.value;
    }
  }
}

/**
 * The subcommand that changes a declared setting: one required option of its kind, its label
 * `command.settings.<name>` (`….<option>`), a server's setting for those who manage the server.
 */
export function changeSubcommand<V>(setting: Setting<string, V>): SettingSubcommand {
  const change = setting.change;
  if (change === undefined) throw new Error(`Setting ${setting.key} declares no subcommand: give it one of its own`);
  const { name, option } = change;
  return {
    name,
    ...(setting.owner === 'server' ? { preconditions: ['manages the server'] as const } : {}),
    bounds: boundsOf(change),
    define: (s) => {
      // Keys made from the declared names: a missing one throws as the definitions are built (../definitions.test.ts).
      const described = label(s, name, `command.settings.${name}` as MessageKey);
      const labelled = <O extends Parameters<typeof label>[0]>(o: O) => label(o, option, `command.settings.${name}.${option}` as MessageKey);
      switch (change.kind) {
        case 'boolean':
          return described.addBooleanOption((o) => labelled(o).setRequired(true));
        case 'integer':
          return described.addIntegerOption((o) => within(labelled(o).setRequired(true), integerBound(change)));
        case 'choice':
          return described.addStringOption((o) =>
            labelled(o)
              .setRequired(true)
              .addChoices(...change.choices.map((c) => choice(c.text, c.option))),
          );
      }
    },
    handle: async ({ ctx, interaction, guildId, t, changed }) => {
      const value = wanted(change, interaction);
      const parsed = value === undefined ? undefined : setting.value.safeParse(value);
      if (!parsed?.success) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.set(setting, parsed.data, { guildId, userId: interaction.user.id });
      return changed(shownSetting(setting));
    },
  };
}
