/**
 * Guild, member and user routes, plus DM channels (POST /users/@me/channels).
 */
import type { FakeDiscordContext } from '../context.js';
import { ErrorCode, bodyObject, httpErrors, type RestRequest, type Router } from '../http.js';
import { ChannelKind, type GuildRecord } from '../model.js';
import { apiChannel, apiGuild, apiMember, apiRole, apiUserById } from '../payloads.js';
import { snowflake } from '../snowflake.js';

export function registerGuildRoutes(router: Router, ctx: FakeDiscordContext): void {
  const { store, bot } = ctx;

  const guildOf = (req: RestRequest): GuildRecord => {
    const guild = store.guilds.get(req.params.guild ?? '');
    if (!guild) throw httpErrors.notFound(ErrorCode.UnknownGuild, 'Unknown Guild');
    return guild;
  };

  const membersOf = (guildId: string) => [...store.members.values()].filter((m) => m.guildId === guildId);

  router.add('GET', '/guilds/:guild', (req) => {
    const guild = guildOf(req);
    const count = membersOf(guild.id).length;
    return {
      ...apiGuild(guild),
      ...(req.query.get('with_counts') === 'true' ? { approximate_member_count: count, approximate_presence_count: count } : {}),
    };
  });

  router.add('GET', '/guilds/:guild/channels', (req) => store.channelsOf(guildOf(req).id).map((c) => apiChannel(store, c)));

  router.add('GET', '/guilds/:guild/roles', (req) => guildOf(req).roles.map(apiRole));

  router.add('GET', '/guilds/:guild/threads/active', (req) => {
    const guild = guildOf(req);
    const threads = store.threadsOf(guild.id).filter((t) => !t.thread?.archived);
    return {
      threads: threads.map((t) => apiChannel(store, t)),
      members: threads
        .filter((t) => t.thread?.memberIds.has(bot.id))
        .map((t) => ({ id: t.id, user_id: bot.id, join_timestamp: new Date(t.createdAt).toISOString(), flags: 0 })),
    };
  });

  router.add('GET', '/guilds/:guild/members', (req) => {
    const limit = Math.min(1000, Math.max(1, Number(req.query.get('limit') ?? 1)));
    return membersOf(guildOf(req).id)
      .slice(0, limit)
      .map((m) => apiMember(store, m));
  });

  router.add('GET', '/guilds/:guild/members/:user', (req) => {
    const guild = guildOf(req);
    const userId = req.params.user === '@me' ? bot.id : (req.params.user ?? '');
    const member = store.member(guild.id, userId);
    if (!member) throw httpErrors.notFound(ErrorCode.UnknownMember, 'Unknown Member');
    return apiMember(store, member);
  });

  router.add('GET', '/users/:user', (req) => {
    const id = req.params.user === '@me' ? bot.id : (req.params.user ?? '');
    if (!store.users.has(id)) throw httpErrors.notFound(ErrorCode.UnknownUser, 'Unknown User');
    return apiUserById(store, id);
  });

  /** Open (or reuse) the DM channel with a user. */
  router.add('POST', '/users/@me/channels', (req) => {
    const recipientId = bodyObject(req.body).recipient_id;
    if (typeof recipientId !== 'string' || !store.users.has(recipientId)) {
      throw httpErrors.invalidForm('recipient_id', 'Unknown user.');
    }
    const existing = [...store.channels.values()].find((c) => c.type === ChannelKind.DM && c.recipientId === recipientId);
    const channel =
      existing ??
      store.addChannel({
        id: snowflake(),
        type: ChannelKind.DM,
        guildId: null,
        name: '',
        parentId: null,
        position: 0,
        topic: null,
        lastMessageId: null,
        createdAt: Date.now(),
        recipientId,
      });
    return apiChannel(store, channel);
  });
}
