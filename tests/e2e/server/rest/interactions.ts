/**
 * Interaction responses: POST /interactions/:id/:token/callback and the interaction webhook
 * (/webhooks/:application/:token...) used for follow-ups and for editing `@original`.
 * These routes take no bot token (discord.js sends them with `auth: false`). Any session's token of
 * an interaction works; each request made with one is kept on the interaction (answers.ts).
 */
import { attempt, type AnswerKind, type InteractionGrant } from '../answers.js';
import type { FakeDiscordContext } from '../context.js';
import { DiscordHttpError, ErrorCode, RestResponse, bodyObject, httpErrors, type RestRequest, type Router } from '../http.js';
import { Callback, type InteractionRecord } from '../interactions.js';
import { readMessageFields } from '../messages.js';
import type { MessageInteractionLink, StoredMessage } from '../model.js';
import { MessageKind, apiMessage } from '../payloads.js';
import { validateChoices } from '../validate.js';

/** Which callback types fit which interaction kinds. */
const ALLOWED_CALLBACKS: Record<InteractionRecord['kind'], number[]> = {
  command: [Callback.ChannelMessage, Callback.DeferredChannelMessage, Callback.Modal],
  component: [Callback.ChannelMessage, Callback.DeferredChannelMessage, Callback.DeferredUpdateMessage, Callback.UpdateMessage, Callback.Modal],
  autocomplete: [Callback.AutocompleteResult],
  'modal-submit': [Callback.ChannelMessage, Callback.DeferredChannelMessage, Callback.DeferredUpdateMessage, Callback.UpdateMessage],
};

export function registerInteractionRoutes(router: Router, ctx: FakeDiscordContext): void {
  const { store, interactions, bot, options } = ctx;

  /** Run a handler for an interaction, recording refusals on the interaction itself. */
  const guarded = (record: InteractionRecord, req: RestRequest, fn: () => unknown): unknown => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof DiscordHttpError) {
        interactions.recordError(record, `${req.method} ${req.route}`, error.status, error.code, error.message);
      }
      throw error;
    }
  };

  /** Keep what `run` is told as an answer by the session of `grant`. */
  const answering = <T>(record: InteractionRecord, grant: InteractionGrant, kind: AnswerKind, req: RestRequest, run: () => T): T => {
    const base = { kind, request: `${req.method} ${req.route}`, sessionId: grant.sessionId, shard: grant.shard, ms: Date.now() - record.dispatchedAt };
    try {
      return attempt(record.answers, base, run);
    } finally {
      interactions.changed(record);
    }
  };

  const link = (record: InteractionRecord, role: MessageInteractionLink['role']): MessageInteractionLink => ({
    interactionId: record.id,
    interactionType: record.type,
    userId: record.userId,
    commandName: record.commandName,
    role,
  });

  const responseType = (record: InteractionRecord) => (record.kind === 'command' ? MessageKind.ChatInputCommand : MessageKind.Default);

  /** A moderator may have deleted the channel the interaction came from. */
  const requireChannel = (record: InteractionRecord): void => {
    if (!store.channels.has(record.channelId)) throw httpErrors.notFound(ErrorCode.UnknownChannel, 'Unknown Channel');
  };

  // ---- POST /interactions/:id/:token/callback ---------------------------------------------

  router.add(
    'POST',
    '/interactions/:interaction/:token/callback',
    (req) => {
      const record = interactions.byId(req.params.interaction ?? '');
      const given = interactions.grantOf(req.params.token ?? '');
      if (!record || given?.record !== record) throw httpErrors.notFound(ErrorCode.UnknownInteraction, 'Unknown interaction');
      return answering(record, given.grant, 'callback', req, () =>
        guarded(record, req, () => {
          if (Date.now() > record.expiresAt) throw httpErrors.notFound(ErrorCode.UnknownInteraction, 'Unknown interaction');
          requireChannel(record);
          if (record.callback) {
            throw httpErrors.badRequest(ErrorCode.AlreadyAcknowledged, 'Interaction has already been acknowledged.');
          }
          const late = Date.now() - record.dispatchedAt > options.ackDeadlineMs;
          if (late && options.enforceAckDeadline) throw httpErrors.notFound(ErrorCode.UnknownInteraction, 'Unknown interaction');

          const body = bodyObject(req.body);
          const type = body.type;
          if (typeof type !== 'number' || !ALLOWED_CALLBACKS[record.kind].includes(type)) {
            throw httpErrors.invalidForm('type', `Callback type ${String(type)} is not valid for a ${record.kind} interaction.`);
          }
          const data = bodyObject(body.data, 'data');
          const source = record.sourceMessageId ? store.messages.get(record.sourceMessageId) : undefined;
          let message: StoredMessage | undefined;

          switch (type) {
            case Callback.ChannelMessage: {
              const fields = readMessageFields(ctx, data, req.files, record.channelId, { create: true, path: 'data' });
              interactions.recordCallback(record, type, fields.ephemeral);
              message = store.createMessage({
                channelId: record.channelId,
                authorId: bot.id,
                webhookId: options.applicationId,
                applicationId: options.applicationId,
                type: responseType(record),
                ...fields,
                ephemeralFor: fields.ephemeral ? record.userId : null,
                interaction: link(record, 'response'),
              });
              record.originalMessageId = message.id;
              interactions.complete(record);
              break;
            }
            case Callback.DeferredChannelMessage: {
              const ephemeral = typeof data.flags === 'number' && (data.flags & 64) !== 0;
              interactions.recordCallback(record, type, ephemeral);
              message = store.createMessage({
                channelId: record.channelId,
                authorId: bot.id,
                webhookId: options.applicationId,
                applicationId: options.applicationId,
                type: responseType(record),
                loading: true,
                ephemeralFor: ephemeral ? record.userId : null,
                interaction: link(record, 'response'),
              });
              record.originalMessageId = message.id;
              break;
            }
            case Callback.DeferredUpdateMessage:
            case Callback.UpdateMessage: {
              if (!source) throw httpErrors.invalidForm('type', 'This interaction has no message to update.');
              const fields =
                type === Callback.UpdateMessage
                  ? readMessageFields(ctx, data, req.files, record.channelId, { existing: source, create: false, path: 'data' })
                  : undefined;
              interactions.recordCallback(record, type, source.ephemeral);
              record.originalMessageId = source.id;
              if (fields) {
                const { ephemeral: _ignored, ...patch } = fields;
                message = store.updateMessage(source, patch);
                interactions.complete(record);
              }
              break;
            }
            case Callback.AutocompleteResult: {
              validateChoices(data.choices);
              interactions.recordCallback(record, type, false);
              record.choices = data.choices as NonNullable<InteractionRecord['choices']>;
              interactions.complete(record);
              break;
            }
            case Callback.Modal: {
              if (typeof data.custom_id !== 'string' || typeof data.title !== 'string' || !Array.isArray(data.components)) {
                throw httpErrors.invalidForm('data', 'A modal needs custom_id, title and components.');
              }
              interactions.recordCallback(record, type, false);
              record.modal = { custom_id: data.custom_id, title: data.title, components: data.components };
              interactions.complete(record);
              break;
            }
          }

          if (req.query.get('with_response') !== 'true') return undefined;
          return {
            interaction: {
              id: record.id,
              type: record.type,
              ...(message
                ? {
                    response_message_id: message.id,
                    response_message_loading: message.loading,
                    response_message_ephemeral: message.ephemeral,
                  }
                : {}),
            },
            resource: { type, ...(message ? { message: apiMessage(store, message) } : {}) },
          };
        }),
      );
    },
    { auth: false },
  );

  // ---- interaction webhook ----------------------------------------------------------------

  /** The interaction behind a webhook token, and the session it was given to. */
  const webhookGrant = (req: RestRequest): { record: InteractionRecord; grant: InteractionGrant } => {
    const given = interactions.grantOf(req.params.token ?? '');
    if (!given || req.params.application !== options.applicationId) {
      throw httpErrors.notFound(ErrorCode.UnknownWebhook, 'Unknown Webhook');
    }
    return given;
  };

  /** Checked like Discord checks webhook tokens: an expired one is 401 50027. */
  const requireFresh = (record: InteractionRecord, req: RestRequest): void => {
    if (Date.now() > record.expiresAt) {
      interactions.recordError(record, `${req.method} ${req.route}`, 401, ErrorCode.InvalidWebhookToken, 'Invalid Webhook Token (expired)');
      throw new DiscordHttpError(401, ErrorCode.InvalidWebhookToken, 'Invalid Webhook Token');
    }
  };

  /** Run a webhook route for its interaction, kept as an answer of `kind` (reads are not answers). */
  const webhookRoute = (req: RestRequest, kind: AnswerKind | null, run: (record: InteractionRecord) => unknown): unknown => {
    const { record, grant } = webhookGrant(req);
    const work = () => {
      requireFresh(record, req);
      return guarded(record, req, () => run(record));
    };
    return kind === null ? work() : answering(record, grant, kind, req, work);
  };

  /** Resolve `@original` or a follow-up id to a message this interaction may touch. */
  const webhookMessage = (record: InteractionRecord, id: string): StoredMessage => {
    if (!record.callback) throw httpErrors.notFound(ErrorCode.UnknownWebhook, 'Unknown Webhook');
    requireChannel(record);
    const messageId = id === '@original' ? record.originalMessageId : id;
    const allowed = messageId !== null && (messageId === record.originalMessageId || record.followUpIds.includes(messageId));
    const message = allowed ? store.messages.get(messageId) : undefined;
    if (!message || message.deletedAt !== null) throw httpErrors.notFound(ErrorCode.UnknownMessage, 'Unknown Message');
    return message;
  };

  router.add(
    'POST',
    '/webhooks/:application/:token',
    (req) =>
      webhookRoute(req, 'follow-up', (record) => {
        if (!record.callback) throw httpErrors.notFound(ErrorCode.UnknownWebhook, 'Unknown Webhook');
        requireChannel(record);
        const body = bodyObject(req.body);
        const original = record.originalMessageId ? store.messages.get(record.originalMessageId) : undefined;
        let message: StoredMessage;
        if (record.callback.type === Callback.DeferredChannelMessage && original?.loading) {
          // The first follow-up after a deferred reply replaces the "thinking..." message
          // (keeping the visibility chosen when deferring).
          const fields = readMessageFields(ctx, body, req.files, original.channelId, { existing: original, create: true });
          const { ephemeral: _ignored, ...patch } = fields;
          message = store.updateMessage(original, { ...patch, loading: false });
        } else {
          const fields = readMessageFields(ctx, body, req.files, record.channelId, { create: true });
          message = store.createMessage({
            channelId: record.channelId,
            authorId: bot.id,
            webhookId: options.applicationId,
            applicationId: options.applicationId,
            type: responseType(record),
            ...fields,
            ephemeralFor: fields.ephemeral ? record.userId : null,
            interaction: link(record, 'follow-up'),
          });
          record.followUpIds.push(message.id);
          interactions.changed(record);
        }
        interactions.complete(record);
        return req.query.get('wait') === 'false' ? undefined : apiMessage(store, message);
      }),
    { auth: false },
  );

  router.add(
    'GET',
    '/webhooks/:application/:token/messages/:message',
    (req) => webhookRoute(req, null, (record) => apiMessage(store, webhookMessage(record, req.params.message ?? ''))),
    { auth: false },
  );

  router.add(
    'PATCH',
    '/webhooks/:application/:token/messages/:message',
    (req) =>
      webhookRoute(req, 'edit', (record) => {
        const message = webhookMessage(record, req.params.message ?? '');
        const fields = readMessageFields(ctx, bodyObject(req.body), req.files, message.channelId, {
          existing: message,
          create: false,
        });
        const { ephemeral: _ignored, ...patch } = fields;
        store.updateMessage(message, { ...patch, loading: false });
        if (message.id === record.originalMessageId) interactions.complete(record);
        return apiMessage(store, message);
      }),
    { auth: false },
  );

  router.add(
    'DELETE',
    '/webhooks/:application/:token/messages/:message',
    (req) =>
      webhookRoute(req, 'delete', (record) => {
        const message = webhookMessage(record, req.params.message ?? '');
        store.deleteMessage(message);
        if (message.id === record.originalMessageId) interactions.complete(record);
        return new RestResponse(204);
      }),
    { auth: false },
  );
}
