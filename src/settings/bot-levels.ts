/** How well a bot plays: the levels of bot players, and of the bot that moves for an absent one. */
export type BotLevel = 'easy' | 'normal' | 'hard' | 'expert';
export const BOT_LEVELS = ['easy', 'normal', 'hard', 'expert'] as const satisfies readonly BotLevel[];
