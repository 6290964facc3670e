import { z } from 'zod';
import type { Translate } from '../i18n/index.js';
import { BOT_LEVELS, type BotLevel } from './bot-levels.js';
import { defineSetting, type Setting } from './declare.js';

/**
 * When a player's time runs out: the bot makes a safe legal move for him ('auto-move'), or he is
 * removed from the game ('remove'), which goes on or ends as its rules say.
 */
export type DeadlinePolicy = 'auto-move' | 'remove';
export const DEADLINE_POLICIES = ['auto-move', 'remove'] as const satisfies readonly DeadlinePolicy[];

/** The levels /settings offers for the bot that moves for an absent player. */
const OFFERED_LEVELS: readonly BotLevel[] = ['easy', 'normal'];

// The two settings of this module are told in one line, the policy's, and a change of either is
// confirmed with that line.
const timeoutText = (policy: DeadlinePolicy, level: BotLevel, t: Translate) => t(`settings.timeout.${policy}`, { level: t(`bot.level.${level}`) });

// Typed by hand: each tells the other, which TypeScript cannot infer in a circle.
export const deadlinePolicy: Setting<'deadlinePolicy', DeadlinePolicy> = defineSetting({
  key: 'deadlinePolicy',
  owner: 'server',
  value: z.enum(DEADLINE_POLICIES),
  default: 'auto-move',
  name: 'settings.name.timeout',
  told: (policy, _locale, t, other) => timeoutText(policy, other(absentLevel), t),
  change: {
    name: 'deadline-policy',
    option: 'policy',
    kind: 'choice',
    choices: DEADLINE_POLICIES.map((policy) => ({ option: policy, text: `settings.policy.${policy}`, value: policy })),
  },
});

/** How well the bot plays for a player whose time ran out (and for one away, under either policy). */
export const absentLevel: Setting<'absentLevel', BotLevel> = defineSetting({
  key: 'absentLevel',
  owner: 'server',
  value: z.enum(BOT_LEVELS),
  default: 'normal',
  name: 'settings.name.timeout',
  told: (level, _locale, t, other) => timeoutText(other(deadlinePolicy), level, t),
  shown: false,
  change: {
    name: 'absent-level',
    option: 'level',
    kind: 'choice',
    choices: OFFERED_LEVELS.map((level) => ({ option: level, text: `bot.level.${level}`, value: level })),
  },
});
