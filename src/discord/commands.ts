import type { GameId } from '../games/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { TIME_LIMIT_NAMES } from '../service/time-limits.js';
import { choice, type SlashCommand } from './commands/declare.js';
import { away } from './commands/away.js';
import { game } from './commands/game.js';
import { games } from './commands/games.js';
import { help } from './commands/help.js';
import { leaderboard } from './commands/leaderboard.js';
import { profile } from './commands/profile.js';
import { rules } from './commands/rules.js';
import { settings } from './commands/settings.js';
import { stats } from './commands/stats.js';

/**
 * Every slash command, each declared in its own module (./commands/): Discord is told them from
 * this list, in this order (`npm run deploy-commands`, and the client at start when it registers
 * them itself), and ./slash.ts runs each from it. A new command: its module, its texts, its line here.
 */
export const SLASH_COMMANDS: readonly SlashCommand[] = [game, games, rules, stats, leaderboard, profile, away, settings, help];

/** The command of that name, if the bot has one. */
export const slashCommand = (name: string): SlashCommand | undefined => SLASH_COMMANDS.find((c) => c.name === name);

/**
 * The slash commands as Discord is told them, built from the registry so that a new game appears
 * in the pickers without touching a command. Names, descriptions and choices come from the
 * catalogues, so Discord shows them in each user's language.
 */
export function buildCommands(presenters: Record<GameId, AnyGamePresenter>) {
  const pickers = {
    games: Object.entries(presenters).map(([id, p]) => choice(p.name, id)),
    timeLimits: TIME_LIMIT_NAMES.map((name) => choice(`time-limit.${name}`, name)),
  };
  return SLASH_COMMANDS.map((c) => c.define(pickers).toJSON());
}
