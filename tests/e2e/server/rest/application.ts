/**
 * Gateway discovery, the bot's own user and application, and application commands
 * (global and guild, bulk overwrite and single-command routes).
 */
import type { APIApplicationCommand } from 'discord.js';
import { overwriteCommands, upsertCommand } from '../commands.js';
import type { FakeDiscordContext } from '../context.js';
import { ErrorCode, RestResponse, bodyObject, httpErrors, type RestRequest, type Router } from '../http.js';
import { apiUser } from '../payloads.js';

export function registerApplicationRoutes(router: Router, ctx: FakeDiscordContext): void {
  const { store, bot, options } = ctx;

  // discord.js reads `url` here and connects to `${url}?v=10&encoding=json`; `shards` is the
  // recommended count (sharding.recommendedShards), `session_start_limit` counts real IDENTIFYs.
  router.add('GET', '/gateway/bot', () => ctx.gateway.botInfo());
  router.add('GET', '/gateway', () => ({ url: ctx.gateway.url }), { auth: false });

  router.add('GET', '/users/@me', () => ({ ...apiUser(bot), verified: true, mfa_enabled: false }));

  const application = () => ({
    id: options.applicationId,
    name: bot.username,
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    flags: 0,
    team: null,
    owner: { id: [...store.guilds.values()][0]?.ownerId ?? bot.id, username: 'owner', discriminator: '0', global_name: null, avatar: null },
    bot: apiUser(bot),
    guild_id: undefined,
    approximate_guild_count: store.guilds.size,
    integration_types_config: { 0: {} },
    tags: [],
    redirect_uris: [],
    interactions_endpoint_url: null,
  });
  router.add('GET', '/applications/@me', application);
  router.add('PATCH', '/applications/@me', application);
  router.add('GET', `/oauth2/applications/@me`, application);

  // ---- commands ----------------------------------------------------------------------------

  const scopeOf = (req: RestRequest): string | null => {
    if (req.params.application !== options.applicationId) {
      throw httpErrors.notFound(ErrorCode.UnknownApplication, 'Unknown Application');
    }
    const guildId = req.params.guild ?? null;
    if (guildId !== null && !store.guilds.has(guildId)) throw httpErrors.notFound(ErrorCode.UnknownGuild, 'Unknown Guild');
    return guildId;
  };

  const commandOf = (req: RestRequest): APIApplicationCommand => {
    const command = store.getCommands(scopeOf(req)).find((c) => c.id === req.params.command);
    if (!command) throw httpErrors.notFound(ErrorCode.UnknownApplicationCommand, 'Unknown application command');
    return command;
  };

  for (const base of ['/applications/:application/commands', '/applications/:application/guilds/:guild/commands']) {
    router.add('GET', base, (req) => store.getCommands(scopeOf(req)));
    router.add('PUT', base, (req) => overwriteCommands(ctx, scopeOf(req), req.body));
    router.add('POST', base, (req) => new RestResponse(201, upsertCommand(ctx, scopeOf(req), req.body)));
    router.add('GET', `${base}/:command`, (req) => commandOf(req));
    router.add('PATCH', `${base}/:command`, (req) => {
      const command = commandOf(req);
      return upsertCommand(ctx, scopeOf(req), { ...command, ...bodyObject(req.body) }, command.id);
    });
    router.add('DELETE', `${base}/:command`, (req) => {
      const command = commandOf(req);
      const scope = scopeOf(req);
      store.setCommands(
        scope,
        store.getCommands(scope).filter((c) => c.id !== command.id),
      );
      return new RestResponse(204);
    });
  }
}
