import { ComponentType, EmbedBuilder, MessageFlags, type ChatInputCommandInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import type { BotContext } from './context.js';
import { findPresenter } from './views/present.js';
import { refuse, type Handled } from './replies.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

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
export async function showRules(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
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
