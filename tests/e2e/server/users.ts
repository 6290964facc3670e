/**
 * Simulated Discord users: guild members that run slash commands, click buttons, pick from select
 * menus, type into autocomplete options and submit modals. Each action sends a real
 * INTERACTION_CREATE to the bot and resolves once the bot has answered (see
 * InteractionTracker.settle for what "answered" means per response type).
 */
import { buildCommandData, findCommand, type CommandInvocation } from './commands.js';
import { describeComponents, describeMatcher, findButton, findSelect, type ComponentMatcher } from './components.js';
import type { FakeDiscordContext } from './context.js';
import type { SettleOptions, StartInteraction } from './interactions.js';
import type { InteractionResult } from './results.js';
import type { MemberRecord, StoredMessage, UserRecord } from './model.js';
import { memberPermissions, resolvePermissions, type PermissionInput } from './permissions.js';
import { apiChannel, apiRole, apiUserById } from './payloads.js';
import { snowflake } from './snowflake.js';

export interface SimUserOptions {
  /** Discord client locale sent with interactions (default 'en-US'), e.g. 'nl'. */
  locale?: string;
  /** Give the member the "Manager" role (Manage Server permission). */
  manageGuild?: boolean;
  /** Give the member the "Admin" role (Administrator). */
  admin?: boolean;
  globalName?: string;
  /** The member's nickname in every guild (what the bot shows as his name there); none by default. */
  nick?: string;
  /**
   * The guild this user acts in by default (its first text channel is where `slash` runs without
   * `channelId`). Default: the first guild. Every simulated user is a member of every guild, so an
   * action on a message or `channelId` of another guild happens in that guild.
   */
  guildId?: string;
}

/** A component interaction a test makes up, whatever the message shows. */
export interface ForgedComponent {
  customId: string;
  /** Selected values; given values make the default component type 3 (string select). */
  values?: string[];
  /** 2 button (default without values), 3 string select, 5 user, 6 role, 7 mentionable, 8 channel select. */
  componentType?: number;
}

export interface ActionOptions extends SettleOptions {
  /** Channel or thread to run a command in (default: the first text channel of the guild). */
  channelId?: string;
}

export interface SlashOptions extends ActionOptions, Omit<CommandInvocation, 'focused'> {
  /**
   * Send the options as given, without the Discord client's checks (required options, min/max
   * value, min/max length, choices), like a forged request: `{ hours: -48 }`, 5,000 characters.
   * Unknown options and wrong value types still fail in the test.
   */
  unchecked?: boolean;
}

export interface AutocompleteOptions extends ActionOptions, CommandInvocation {
  /** The option being typed into; its value in `options` is the text typed so far. */
  focused: string;
}

/** What a SimUser needs from the FakeDiscord that created it. */
export interface SimUserHost {
  ctx: FakeDiscordContext;
  defaultChannelId(guildId: string): string;
  describe(): string;
}

export class SimUser {
  constructor(
    private readonly host: SimUserHost,
    readonly record: UserRecord,
    readonly guildId: string,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get username(): string {
    return this.record.username;
  }

  get locale(): string {
    return this.record.locale;
  }

  set locale(locale: string) {
    this.record.locale = locale;
  }

  /** Whether the user refuses direct messages from the bot (Discord then answers 50007). */
  set dmsClosed(closed: boolean) {
    this.record.dmsClosed = closed;
  }

  get member(): MemberRecord {
    const member = this.host.ctx.store.member(this.guildId, this.id);
    if (!member) throw new Error(`${this.username} is not a member of guild ${this.guildId}`);
    return member;
  }

  /** Guild-level permissions as sent in `member.permissions`. */
  get permissions(): bigint {
    const guild = this.host.ctx.store.guilds.get(this.guildId);
    return guild ? memberPermissions(guild, this.member) : 0n;
  }

  /** Give or take the Manage Server permission (through the guild's "Manager" role). */
  setManageGuild(enabled: boolean): this {
    return this.toggleRole(this.guildRoles().manager, enabled);
  }

  /** Give or take Administrator (through the guild's "Admin" role). */
  setAdmin(enabled: boolean): this {
    return this.toggleRole(this.guildRoles().admin, enabled);
  }

  /** Grant extra permissions through a new role of their own. */
  grant(permissions: PermissionInput): this {
    const guild = this.host.ctx.store.guilds.get(this.guildId);
    if (!guild) return this;
    const role = {
      id: snowflake(),
      name: `${this.username}-extra`,
      permissions: resolvePermissions(permissions),
      position: guild.roles.length,
      managed: false,
    };
    guild.roles.push(role);
    return this.toggleRole(role.id, true);
  }

  setLocale(locale: string): this {
    this.record.locale = locale;
    return this;
  }

  // ---- actions -----------------------------------------------------------------------------

  /** Run `/name [group] [subcommand] options...` and wait for the bot's answer. */
  async slash(name: string, options: SlashOptions = {}): Promise<InteractionResult> {
    const { ctx } = this.host;
    const channelId = options.channelId ?? this.host.defaultChannelId(this.guildId);
    const guildId = this.guildOfChannel(channelId);
    const command = findCommand(ctx, guildId, name);
    if (!command) throw new Error(`${this.username} cannot run /${name}: ${this.registeredCommands(guildId)}`);
    const { data, fullName } = buildCommandData(ctx, command, options, guildId, false, options.unchecked === true);
    return this.run({ kind: 'command', userId: this.id, guildId, channelId, data, label: `/${fullName}`, commandName: fullName }, options);
  }

  /** Type into an autocomplete option; the result's `choices` are what the bot offered. */
  async autocomplete(name: string, options: AutocompleteOptions): Promise<InteractionResult> {
    const { ctx } = this.host;
    const channelId = options.channelId ?? this.host.defaultChannelId(this.guildId);
    const guildId = this.guildOfChannel(channelId);
    const command = findCommand(ctx, guildId, name);
    if (!command) throw new Error(`${this.username} cannot autocomplete /${name}: ${this.registeredCommands(guildId)}`);
    const { data, fullName } = buildCommandData(ctx, command, options, guildId, true);
    return this.run(
      {
        kind: 'autocomplete',
        userId: this.id,
        guildId,
        channelId,
        data,
        label: `autocomplete of "${options.focused}" in /${fullName}`,
        commandName: fullName,
      },
      options,
    );
  }

  /** Click a button on a message this user can see (by custom id, label, or a matcher object). */
  async click(message: StoredMessage | string, button: ComponentMatcher, options: SettleOptions = {}): Promise<InteractionResult> {
    const target = this.visibleMessage(message);
    const found = findButton(target, button);
    if (!found) {
      throw new Error(
        `${this.username} found no button ${describeMatcher(button)} on message ${target.id}. ` + `Components: ${describeComponents(target) || 'none'}`,
      );
    }
    if (found.disabled) throw new Error(`${this.username} cannot click disabled button ${describeMatcher(button)} on message ${target.id}`);
    if (found.customId === null) throw new Error(`Button ${describeMatcher(button)} is a link or premium button; it sends no interaction`);
    const data: Record<string, unknown> = {
      custom_id: found.customId,
      component_type: 2,
      ...(typeof found.raw.id === 'number' ? { id: found.raw.id } : {}),
    };
    return this.component(target, data, `button "${found.customId}"${found.label ? ` (${found.label})` : ''} on message ${target.id}`, options);
  }

  /**
   * Send a component interaction on a message this user can see (a public one, or their own
   * ephemeral one) with any custom id, without checking that the message has such a component
   * (Discord does not check either): what an attacker with a modified client can do. The
   * interaction's guild is the guild of the message's channel.
   */
  async forgeComponent(message: StoredMessage | string, forged: ForgedComponent, options: SettleOptions = {}): Promise<InteractionResult> {
    const target = this.visibleMessage(message);
    const type = forged.componentType ?? (forged.values ? 3 : 2);
    const data: Record<string, unknown> = {
      custom_id: forged.customId,
      component_type: type,
      ...(type !== 2 || forged.values ? { values: forged.values ?? [] } : {}),
    };
    return this.component(target, data, `forged component "${forged.customId}" (type ${type}) on message ${target.id}`, options);
  }

  /** Pick `values` in a select menu (string selects: option values; user/role/channel selects: ids). */
  async select(message: StoredMessage | string, menu: ComponentMatcher, values: string[], options: SettleOptions = {}): Promise<InteractionResult> {
    const { store } = this.host.ctx;
    const target = this.visibleMessage(message);
    const found = findSelect(target, menu);
    if (!found) {
      throw new Error(
        `${this.username} found no select menu ${describeMatcher(menu)} on message ${target.id}. ` + `Components: ${describeComponents(target) || 'none'}`,
      );
    }
    if (found.disabled) throw new Error(`${this.username} cannot use disabled select ${found.customId} on message ${target.id}`);
    if (values.length < found.minValues || values.length > found.maxValues) {
      throw new Error(`Select ${found.customId} takes ${found.minValues}-${found.maxValues} values, got ${values.length}`);
    }
    const guildId = this.guildOfChannel(target.channelId);
    const resolved: Record<string, Record<string, unknown>> = {};
    if (found.type === 3) {
      const missing = values.filter((v) => !found.options.some((o) => o.value === v));
      if (missing.length) {
        throw new Error(`Select ${found.customId} has no option(s) ${missing.join(', ')} (has: ${found.options.map((o) => o.value).join(', ')})`);
      }
    } else {
      for (const id of values) {
        const role = store.guilds.get(guildId)?.roles.find((r) => r.id === id);
        const channel = store.channels.get(id);
        if (store.users.has(id)) (resolved.users ??= {})[id] = apiUserById(store, id);
        else if (role) (resolved.roles ??= {})[id] = apiRole(role);
        else if (channel) (resolved.channels ??= {})[id] = { ...apiChannel(store, channel), permissions: '0' };
        else throw new Error(`Select ${found.customId}: unknown user, role or channel ${id}`);
      }
    }
    const data: Record<string, unknown> = {
      custom_id: found.customId,
      component_type: found.type,
      values,
      ...(Object.keys(resolved).length ? { resolved } : {}),
      ...(typeof found.raw.id === 'number' ? { id: found.raw.id } : {}),
    };
    return this.component(target, data, `select "${found.customId}" = [${values.join(', ')}] on message ${target.id}`, options);
  }

  /**
   * Fill in and submit the modal the bot showed in answer to `shown`. `values` maps text input
   * custom ids to text (or select custom ids to value lists).
   */
  async submitModal(shown: InteractionResult, values: Record<string, string | string[]>, options: SettleOptions = {}): Promise<InteractionResult> {
    const modal = shown.modal;
    if (!modal) throw new Error(`The bot did not answer ${shown.interaction.label} with a modal`);
    const fill = (input: Record<string, unknown>): Record<string, unknown> => {
      const id = String(input.custom_id);
      const value = values[id];
      if (value === undefined && input.required !== false && input.type === 4) {
        throw new Error(`Modal "${modal.title}": required input "${id}" has no value`);
      }
      return input.type === 4
        ? { type: 4, custom_id: id, value: Array.isArray(value) ? value.join('') : (value ?? '') }
        : { type: input.type, custom_id: id, values: Array.isArray(value) ? value : value === undefined ? [] : [value] };
    };
    const components = (modal.components as Array<Record<string, unknown>>).map((row) => {
      if (row.type === 1) return { type: 1, components: ((row.components as Array<Record<string, unknown>>) ?? []).map(fill) };
      if (row.type === 18) return { type: 18, component: fill(row.component as Record<string, unknown>) };
      return { type: row.type };
    });
    const record = shown.interaction;
    const source = record.sourceMessageId ? this.host.ctx.store.messages.get(record.sourceMessageId) : undefined;
    return this.run(
      {
        kind: 'modal-submit',
        userId: this.id,
        guildId: record.guildId,
        channelId: record.channelId,
        data: { custom_id: modal.custom_id, components },
        label: `modal "${modal.custom_id}" submit`,
        sourceMessage: source ?? null,
      },
      options,
    );
  }

  // ---- what this user sees -------------------------------------------------------------------

  /** Messages this user sees in a channel: public ones plus their own ephemeral ones, in order. */
  messages(channelId?: string): StoredMessage[] {
    return this.host.ctx.store.visibleMessagesIn(channelId ?? this.host.defaultChannelId(this.guildId), this.id);
  }

  /** Ephemeral messages only this user sees (all channels, or one). */
  ephemeralMessages(channelId?: string): StoredMessage[] {
    return this.host.ctx.store
      .allMessages()
      .filter((m) => m.ephemeral && m.deletedAt === null && m.viewerIds?.includes(this.id) && (!channelId || m.channelId === channelId))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  // ---- internals -----------------------------------------------------------------------------

  /** A component interaction on `target` (in the guild of its channel). */
  private component(target: StoredMessage, data: Record<string, unknown>, label: string, options: SettleOptions): Promise<InteractionResult> {
    const guildId = this.guildOfChannel(target.channelId);
    return this.run({ kind: 'component', userId: this.id, guildId, channelId: target.channelId, data, label, sourceMessage: target }, options);
  }

  private async run(init: StartInteraction, options: SettleOptions): Promise<InteractionResult> {
    const { interactions } = this.host.ctx;
    const record = interactions.start(init);
    return interactions.settle(record, () => this.host.describe(), options);
  }

  private visibleMessage(message: StoredMessage | string): StoredMessage {
    const id = typeof message === 'string' ? message : message.id;
    const current = this.host.ctx.store.messages.get(id);
    if (!current) throw new Error(`Unknown message ${id}`);
    if (current.deletedAt !== null) throw new Error(`${this.username} cannot use message ${id}: it was deleted`);
    if (current.ephemeral && !current.viewerIds?.includes(this.id)) {
      throw new Error(`${this.username} cannot see message ${id}: it is ephemeral for someone else`);
    }
    return current;
  }

  private guildOfChannel(channelId: string): string {
    const channel = this.host.ctx.store.channels.get(channelId);
    if (!channel) throw new Error(`Unknown channel ${channelId}`);
    if (!channel.guildId) throw new Error(`Channel ${channelId} is not in a guild (DM interactions are not simulated)`);
    if (!this.host.ctx.store.member(channel.guildId, this.id)) {
      throw new Error(`${this.username} is not a member of the guild of channel ${channelId}`);
    }
    return channel.guildId;
  }

  private registeredCommands(guildId: string): string {
    const { store } = this.host.ctx;
    const names = [...store.getCommands(guildId), ...store.getCommands(null)].map((c) => `/${c.name}`);
    return names.length ? `no such command is registered (registered: ${names.join(', ')})` : 'the bot has not registered any commands';
  }

  private guildRoles() {
    const guild = this.host.ctx.store.guilds.get(this.guildId);
    if (!guild) throw new Error(`Unknown guild ${this.guildId}`);
    return guild.roleIds;
  }

  private toggleRole(roleId: string, enabled: boolean): this {
    const member = this.member;
    member.roleIds = member.roleIds.filter((id) => id !== roleId);
    if (enabled) member.roleIds.push(roleId);
    return this;
  }
}
