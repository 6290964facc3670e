/**
 * Interactions from simulated users: building the INTERACTION_CREATE payload, dispatching it to
 * the bot, and following what the bot does with it. Discord's rules are tracked here:
 * - the first answer (callback) must come within 3 s and only once;
 * - follow-ups and @original edits need a prior callback and a token younger than 15 min;
 * - a deferred reply (type 5) keeps showing "thinking..." until it is edited or followed up.
 * The REST routes (rest/interactions.ts) enforce them; tests read the records and the problems.
 * Every session of the guild's shard gets the interaction with a token of its own (answers.ts).
 */
import type { APIApplicationCommandOptionChoice } from 'discord.js';
import { dispatchWithTokens, type InteractionAnswer, type InteractionGrant } from './answers.js';
import type { FakeDiscordContext } from './context.js';
import type { StoredMessage } from './model.js';
import { apiChannel, apiMember, apiMessage } from './payloads.js';
import { appPermissions, channelPermissions } from './permissions.js';
import { InteractionResult } from './results.js';

export { InteractionResult };
import { snowflake } from './snowflake.js';
import type { StoreChange } from './store.js';
import { waitFor } from './waits.js';

export type InteractionKind = 'command' | 'component' | 'autocomplete' | 'modal-submit';

/** Discord's interaction types for each kind. */
export const InteractionTypeOf: Record<InteractionKind, number> = {
  command: 2,
  component: 3,
  autocomplete: 4,
  'modal-submit': 5,
};

/** Interaction callback types. */
export const Callback = {
  Pong: 1,
  ChannelMessage: 4,
  DeferredChannelMessage: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  AutocompleteResult: 8,
  Modal: 9,
} as const;

export interface InteractionCallbackRecord {
  type: number;
  at: number;
  /** Time from dispatch to callback. */
  ms: number;
  /** Later than the 3 s deadline. */
  late: boolean;
  ephemeral: boolean;
}

export interface ModalData {
  custom_id: string;
  title: string;
  components: unknown[];
}

export interface InteractionRecord {
  id: string;
  /** The token of the first connected session it went to (`grants` has every session's). */
  token: string;
  /** One token per session the interaction went to, now or kept for its RESUME. */
  grants: InteractionGrant[];
  /** Every callback, follow-up, @original edit and delete made with one of its tokens. */
  answers: InteractionAnswer[];
  kind: InteractionKind;
  type: number;
  /** For error messages: '/game new', 'button "game:join" on message 123'. */
  label: string;
  userId: string;
  guildId: string;
  channelId: string;
  /** Component interactions (and modal submits from a component): the message it was used on. */
  sourceMessageId: string | null;
  commandName: string | null;
  /** The INTERACTION_CREATE data exactly as dispatched (to the session of `token`). */
  payload: Record<string, unknown>;
  dispatchedAt: number;
  expiresAt: number;
  callback: InteractionCallbackRecord | null;
  /** The message `@original` refers to: the reply (types 4/5) or the source message (6/7). */
  originalMessageId: string | null;
  followUpIds: string[];
  /** When the user-visible answer was complete (the callback, or the fill-in of a deferral). */
  completedAt: number | null;
  choices: APIApplicationCommandOptionChoice[] | null;
  modal: ModalData | null;
  /** Requests about this interaction the server refused (double acknowledge, late edit...). */
  errors: InteractionError[];
  /** Set by `discord.expireInteraction`: the token was made invalid before its time. */
  expiredByTest: boolean;
}

export interface InteractionError {
  at: number;
  request: string;
  status: number;
  code: number;
  message: string;
  /** Caused by the test (`discord.failNext`, or a token `discord.expireInteraction` ended), not by the bot. */
  injected?: boolean;
}

/**
 * A simulated user's action failed for good because the test made the bot's answer fail
 * (`discord.expireInteraction`, or `discord.failNext` with a 4xx on the interaction's routes).
 */
export class InteractionFailedError extends Error {
  constructor(
    message: string,
    readonly interaction: InteractionRecord,
  ) {
    super(message);
    this.name = 'InteractionFailedError';
  }
}

export type InteractionProblemKind = 'unanswered' | 'late' | 'deferred-never-completed' | 'rejected-request';

export interface InteractionProblem {
  kind: InteractionProblemKind;
  interactionId: string;
  label: string;
  user: string;
  detail: string;
}

export interface StartInteraction {
  kind: InteractionKind;
  userId: string;
  guildId: string;
  channelId: string;
  data: Record<string, unknown>;
  label: string;
  commandName?: string | null;
  sourceMessage?: StoredMessage | null;
}

export interface SettleOptions {
  timeoutMs?: number;
  /**
   * After a deferred update (type 6) the bot may edit the message or post follow-ups, or do
   * nothing visible. Wait this long for such an edit before settling anyway (default 1500 ms).
   */
  deferredUpdateGraceMs?: number;
}

export class InteractionTracker {
  private readonly records = new Map<string, InteractionRecord>();
  private readonly tokens = new Map<string, { record: InteractionRecord; grant: InteractionGrant }>();

  constructor(private readonly ctx: FakeDiscordContext) {
    ctx.store.subscribe((change) => this.onChange(change));
  }

  all(): InteractionRecord[] {
    return [...this.records.values()];
  }

  byId(id: string): InteractionRecord | undefined {
    return this.records.get(id);
  }

  byToken(token: string): InteractionRecord | undefined {
    return this.tokens.get(token)?.record;
  }

  /** The interaction a token belongs to, and the session it was given to. */
  grantOf(token: string): { record: InteractionRecord; grant: InteractionGrant } | undefined {
    return this.tokens.get(token);
  }

  /** Build the INTERACTION_CREATE payload and send it to the connected bot. */
  start(init: StartInteraction): InteractionRecord {
    const { store, gateway, options, bot } = this.ctx;
    const notReady = gateway.notReadyFor(init.guildId);
    if (notReady !== null) {
      const status = gateway.status();
      throw new Error(
        `Cannot send ${init.label}: no bot is connected to the gateway for this guild: ${notReady} ` +
          `(identified ${status.identifyCount} time(s)${status.lastClose ? `, last close code ${status.lastClose.code}` : ''}). ` +
          'Start the bot and await discord.waitForBotReady() first.',
      );
    }
    const guild = store.guilds.get(init.guildId);
    const member = store.member(init.guildId, init.userId);
    const user = store.users.get(init.userId);
    const channel = store.channels.get(init.channelId);
    const botMember = store.member(init.guildId, bot.id);
    if (guild && user && !member) {
      throw new Error(`Cannot send ${init.label}: ${user.username} is not a member of guild ${guild.id} (left it, or removed with removeMember)`);
    }
    // The bot need not be a member: an app added with its commands only still gets interactions.
    if (!guild || !member || !user || !channel) {
      throw new Error(`Cannot send ${init.label}: unknown guild, member or channel (${init.guildId}/${init.userId}/${init.channelId})`);
    }

    const id = snowflake();
    const type = InteractionTypeOf[init.kind];
    // Both are computed in the channel (overwrites included), as Discord sends them.
    const permissions = channelPermissions(store, guild, member, channel).toString();
    const payload: Record<string, unknown> = {
      id,
      application_id: options.applicationId,
      type,
      token: '', // each session's own (below)
      version: 1,
      data: init.data,
      guild: { id: guild.id, locale: guild.preferredLocale, features: [] },
      guild_id: guild.id,
      channel: { ...apiChannel(store, channel), permissions },
      channel_id: channel.id,
      member: { ...apiMember(store, member), permissions },
      locale: user.locale,
      guild_locale: guild.preferredLocale,
      app_permissions: appPermissions(store, guild, channel, botMember).toString(),
      entitlements: [],
      authorizing_integration_owners: { '0': guild.id },
      context: 0,
      attachment_size_limit: options.attachmentSizeLimit,
      ...(init.sourceMessage ? { message: apiMessage(store, init.sourceMessage) } : {}),
    };
    const now = Date.now();
    const record: InteractionRecord = {
      id,
      token: '',
      grants: [],
      answers: [],
      kind: init.kind,
      type,
      label: init.label,
      userId: user.id,
      guildId: guild.id,
      channelId: channel.id,
      sourceMessageId: init.sourceMessage?.id ?? null,
      commandName: init.commandName ?? null,
      payload,
      dispatchedAt: now,
      expiresAt: now + options.interactionTokenTtlMs,
      callback: null,
      originalMessageId: null,
      followUpIds: [],
      completedAt: null,
      choices: null,
      modal: null,
      errors: [],
      expiredByTest: false,
    };
    this.records.set(id, record);
    this.ctx.log(`interaction ${id}: ${init.label} by ${user.username}`);
    dispatchWithTokens(gateway, record, payload, (token, grant) => this.tokens.set(token, { record, grant }));
    store.notify({ kind: 'interaction-updated', interactionId: id });
    return record;
  }

  recordCallback(record: InteractionRecord, type: number, ephemeral: boolean): InteractionCallbackRecord {
    const at = Date.now();
    const ms = at - record.dispatchedAt;
    record.callback = { type, at, ms, late: ms > this.ctx.options.ackDeadlineMs, ephemeral };
    if (record.callback.late) {
      console.warn(`[fake-discord] interaction ${record.label} was acknowledged after ${ms} ms (Discord allows ${this.ctx.options.ackDeadlineMs} ms)`);
    }
    this.changed(record);
    return record.callback;
  }

  complete(record: InteractionRecord): void {
    if (record.completedAt !== null) return;
    record.completedAt = Date.now();
    this.changed(record);
  }

  recordError(record: InteractionRecord, request: string, status: number, code: number, message: string, injected = false): void {
    if (record.expiredByTest && (code === 10062 || code === 50027)) injected = true;
    record.errors.push({ at: Date.now(), request, status, code, message, ...(injected ? { injected } : {}) });
    this.changed(record);
  }

  /** Make the interaction's token invalid now: callbacks get 10062, webhook calls 401 50027. */
  expire(record: InteractionRecord): void {
    record.expiresAt = Math.min(record.expiresAt, Date.now() - 1);
    record.expiredByTest = true;
    this.changed(record);
  }

  changed(record: InteractionRecord): void {
    this.ctx.store.notify({ kind: 'interaction-updated', interactionId: record.id });
  }

  /** Everything that went against Discord's rules so far (call at the end of a test). */
  problems(now = Date.now()): InteractionProblem[] {
    const problems: InteractionProblem[] = [];
    for (const r of this.records.values()) {
      const base = { interactionId: r.id, label: r.label, user: this.ctx.store.users.get(r.userId)?.username ?? r.userId };
      if (!r.callback) {
        const age = now - r.dispatchedAt;
        if (age > this.ctx.options.ackDeadlineMs) {
          problems.push({ ...base, kind: 'unanswered', detail: `no answer ${age} ms after it was sent ("This interaction failed")` });
        }
      } else {
        if (r.callback.late) {
          problems.push({ ...base, kind: 'late', detail: `first answer after ${r.callback.ms} ms (limit ${this.ctx.options.ackDeadlineMs} ms)` });
        }
        if (r.callback.type === Callback.DeferredChannelMessage && r.completedAt === null) {
          problems.push({ ...base, kind: 'deferred-never-completed', detail: `deferred reply still "thinking..." ${now - r.callback.at} ms later` });
        }
      }
      // Injected faults are the test's doing: only their consequences (unanswered...) count.
      for (const e of r.errors.filter((x) => !x.injected)) {
        problems.push({ ...base, kind: 'rejected-request', detail: `${e.request} -> ${e.status} ${e.code} ${e.message}` });
      }
    }
    return problems;
  }

  /**
   * Wait until the bot has answered: the callback arrived and, for a deferred reply, it was filled
   * in (edit or first follow-up). A deferred update settles on the next edit of the message or
   * after `deferredUpdateGraceMs`.
   */
  async settle(record: InteractionRecord, describe: () => string, options: SettleOptions = {}): Promise<InteractionResult> {
    const deadline = Date.now() + (options.timeoutMs ?? this.ctx.options.defaultTimeoutMs);
    const remaining = () => Math.max(1, deadline - Date.now());
    const details = () => [...this.errorLines(record), describe()].join('\n');
    const answerWhat = `the bot to answer ${record.label} (interaction ${record.id})`;
    const callback = await waitFor(this.ctx.store, () => this.throwIfFailed(record, answerWhat) || record.callback, {
      timeoutMs: remaining(),
      what: answerWhat,
      details,
    });
    if (callback.type === Callback.DeferredChannelMessage) {
      const what = `the bot to fill in its deferred reply to ${record.label} (deferred after ${callback.ms} ms)`;
      await waitFor(this.ctx.store, () => this.throwIfFailed(record, what) || record.completedAt !== null, {
        timeoutMs: remaining(),
        what,
        details,
      });
    } else if (callback.type === Callback.DeferredUpdateMessage) {
      const grace = options.deferredUpdateGraceMs ?? 1500;
      const what = `the bot to follow up its deferred update of ${record.label}`;
      await waitFor(this.ctx.store, () => this.throwIfFailed(record, what) || record.completedAt !== null || Date.now() - callback.at >= grace, {
        timeoutMs: remaining(),
        what,
        details,
        pollMs: 25,
      });
    }
    return new InteractionResult(this.ctx, record);
  }

  /**
   * Stop waiting when the test itself made the answer impossible: the token was expired by the
   * test, or an injected 4xx hit the callback (or said the interaction or its token is unknown).
   * Refusals the bot caused itself still end in the usual timeout with diagnostics.
   */
  private throwIfFailed(record: InteractionRecord, what: string): false {
    const fatal = record.errors.find(
      (e) => e.injected && e.status >= 400 && e.status < 500 && e.status !== 429 && (e.request.endsWith('/callback') || e.code === 10062 || e.code === 50027),
    );
    if (!fatal) return false;
    const cause = record.expiredByTest ? ' (the test expired the interaction)' : ' (injected by the test)';
    throw new InteractionFailedError(`Gave up waiting for ${what}: ${fatal.request} -> ${fatal.status} ${fatal.code} ${fatal.message}${cause}`, record);
  }

  private errorLines(record: InteractionRecord): string[] {
    return record.errors.map(
      (e) => `Refused request for this interaction: ${e.request} -> ${e.status} ${e.code} ${e.message}${e.injected ? ' (injected)' : ''}`,
    );
  }

  /** A deferred update (type 6) is complete once its message is edited (any route). */
  private onChange(change: StoreChange): void {
    if (change.kind !== 'message-updated') return;
    for (const r of this.records.values()) {
      if (r.completedAt === null && r.callback?.type === Callback.DeferredUpdateMessage && r.originalMessageId === change.message.id) {
        this.complete(r);
      }
    }
  }
}
