import { SlashCommandBuilder } from '@discordjs/builders';
import { ComponentType, EmbedBuilder, MessageFlags, type StringSelectMenuInteraction } from 'discord.js';
import type { AnyGamePresenter } from '../../games/presenter.js';
import type { Translate } from '../../i18n/index.js';
import { DISCORD_LIMITS, fitText } from '../../text-fit.js';
import type { BotContext } from '../context.js';
import { refuse, type Handled } from '../replies.js';
import { findPresenter } from '../views/present.js';
import { label, oneOf, type CommandUse, type SlashCommand } from './declare.js';

/**
 * `/rules game`: a game's rules, privately; anywhere, direct messages too. The text is split at its
 * "## " headings into sections, the opening shown first and the others chosen in a menu under it
 * (its select is handled here too: it names a game, not a hosted one, so it is no component kind).
 */
export const rules: SlashCommand = {
  name: 'rules',
  preconditions: [],
  bounds: { game: oneOf(32) },
  define: ({ games }) =>
    label(new SlashCommandBuilder(), 'rules', 'command.rules.description').addStringOption((o) =>
      label(o, 'game', 'command.rules.game')
        .setRequired(true)
        .addChoices(...games),
    ),
  handle: showRules,
};

/** A /rules text in sections: each starts with a "## Title" line; text before the first is the opening. */
export interface RulesSection {
  title: string;
  body: string;
}

/** Splits a game's rules text at its "## " headings. */
export function rulesSections(text: string, opening: string): RulesSection[] {
  const sections: RulesSection[] = [];
  let current: RulesSection = { title: opening, body: '' };
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      if (current.body.trim() !== '') sections.push(current);
      current = { title: (heading[1] as string).trim(), body: `${line}\n` };
    } else current.body += `${line}\n`;
  }
  if (current.body.trim() !== '') sections.push(current);
  return sections.map((s) => ({ title: s.title, body: s.body.trim() }));
}

/** Select menus of rules pages: `rules:<game id>`, the value the section's number. */
const RULES_ID = /^rules:([a-z]{1,32})$/;

/** One section of a game's rules, with a menu of all sections when there are several. */
function rulesMessage(gameId: string, presenter: AnyGamePresenter, t: Translate, section: number) {
  const sections = rulesSections(t(presenter.rules), t(presenter.name));
  const shown = sections[Math.min(section, sections.length - 1)] as RulesSection;
  const embed = new EmbedBuilder().setDescription(fitText(shown.body, DISCORD_LIMITS.embedDescription)).setColor(0x8b5a2b);
  const components =
    sections.length > 1
      ? [
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.StringSelect,
                custom_id: `rules:${gameId}`,
                placeholder: t('rules.sections'),
                options: sections
                  .slice(0, 25)
                  .map((s, i) => ({ label: fitText(s.title, DISCORD_LIMITS.optionLabel), value: String(i), default: i === section })),
              },
            ],
          },
        ]
      : [];
  return { embeds: [embed], components };
}

/** `/rules game`: the opening section, privately, with the others a choice away. */
async function showRules({ ctx, interaction, t }: CommandUse): Promise<Handled> {
  const gameId = interaction.options.getString('game', true);
  const presenter = findPresenter(ctx, gameId);
  if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
  await interaction.reply({ ...rulesMessage(gameId, presenter, t, 0), flags: MessageFlags.Ephemeral });
  return { action: 'rules', outcome: 'ok' };
}

/** Whether a component belongs to the rules pages (they name a game, not a hosted one). */
export const isRulesPage = (customId: string): boolean => RULES_ID.test(customId);

/** Another section chosen: the rules message shows it. */
export async function turnRulesPage(ctx: BotContext, interaction: StringSelectMenuInteraction, t: Translate): Promise<Handled> {
  const gameId = RULES_ID.exec(interaction.customId)?.[1] as string;
  const presenter = findPresenter(ctx, gameId);
  const value = interaction.values[0] ?? '';
  if (!presenter || !/^\d{1,2}$/.test(value)) return refuse(interaction, t, 'refusal.unknown-component');
  await interaction.update(rulesMessage(gameId, presenter, t, Number(value)));
  return { action: 'rules', outcome: 'page' };
}
