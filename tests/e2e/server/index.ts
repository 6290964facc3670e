/**
 * A local Discord-compatible server for end-to-end tests: the real discord.js client connects to
 * it (REST + gateway), and tests act as Discord users through it.
 *
 * The bot must pass `rest: { api: process.env.DISCORD_API_BASE }` to its discord.js Client (and
 * `api` to any standalone `new REST()`); the gateway URL then comes from GET /gateway/bot.
 * DISCORD_API_BASE is `discord.apiBase`, e.g. http://127.0.0.1:PORT/api (no /v10: discord.js adds it).
 *
 *   const discord = await startFakeDiscord({ botToken: 'test-token' });
 *   // start the bot with DISCORD_API_BASE=discord.apiBase (see server.ts for the Client option)
 *   await discord.waitForBotReady();
 *   const alice = discord.user('alice');
 *   const res = await alice.slash('game', { subcommand: 'new', options: { game: 'cartagena' } });
 *   await alice.click(res.message!, { prefix: 'game:join' });
 */
export { startFakeDiscord, FakeDiscord } from './server.js';
export type { FakeDiscordOptions, GuildSpec, ChannelSpec, WaitForMessageOptions } from './server.js';
export { SimUser } from './users.js';
export type { SimUserOptions, SlashOptions, AutocompleteOptions, ActionOptions } from './users.js';
export { InteractionResult, Callback } from './interactions.js';
export type { InteractionRecord, InteractionProblem, InteractionKind, ModalData, SettleOptions } from './interactions.js';
export {
  buttonsOf,
  selectsOf,
  findButton,
  findSelect,
  describeComponents,
  messageText,
  walkComponents,
} from './components.js';
export type { ButtonInfo, SelectInfo, SelectOptionInfo, ComponentMatcher } from './components.js';
export type { OptionValue, CommandInvocation } from './commands.js';
export type {
  StoredMessage,
  StoredAttachment,
  MessageRevision,
  MessageInteractionLink,
  ChannelRecord,
  GuildRecord,
  UserRecord,
  RawComponent,
} from './model.js';
export type { GatewayStatus } from './gateway.js';
export type { RestLogEntry } from './rest/index.js';
export { isPng, pngSize } from './messages.js';
export { WaitTimeoutError } from './waits.js';
