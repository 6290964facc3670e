/**
 * Application commands: validating and storing what the bot registers (bulk overwrite keeps the
 * ids of commands whose name and type did not change, like Discord), and turning a simulated
 * user's invocation into the `data` of an INTERACTION_CREATE, checked against the registered
 * definition the way the Discord client checks what a user types.
 */
import { ApplicationCommandType, type APIApplicationCommand } from 'discord.js';
import type { FakeDiscordContext } from './context.js';
import { httpErrors } from './http.js';
import { apiRole, apiUserById } from './payloads.js';
import { memberPermissions } from './permissions.js';
import { snowflake } from './snowflake.js';

/** Discord's option types. */
export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** The subset of an option definition the server looks at. */
interface OptionDef {
  type: number;
  name: string;
  description?: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: Array<{ name: string; value: string | number }>;
  options?: OptionDef[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

// ---- registration --------------------------------------------------------------------------

/** Validate and store a bulk overwrite; returns the stored commands. */
export function overwriteCommands(ctx: FakeDiscordContext, guildId: string | null, body: unknown): APIApplicationCommand[] {
  if (!Array.isArray(body)) throw httpErrors.invalidForm('', 'Expected an array of commands.');
  const existing = ctx.store.getCommands(guildId);
  const seen = new Set<string>();
  const commands = body.map((input, i) => {
    const command = normalizeCommand(ctx, guildId, input, `${i}`, existing);
    const key = `${command.type}:${command.name}`;
    if (seen.has(key)) throw httpErrors.invalidForm(`${i}.name`, 'Application command names must be unique', 'APPLICATION_COMMANDS_DUPLICATE_NAME');
    seen.add(key);
    return command;
  });
  if (commands.filter((c) => c.type === ApplicationCommandType.ChatInput).length > 100)
    throw httpErrors.invalidForm('', 'Must be 100 or fewer chat input commands.');
  ctx.store.setCommands(guildId, commands);
  return commands;
}

/**
 * Create or replace one command: POST upserts by name and type; PATCH passes the id of the
 * command it edits (which keeps its id even when renamed).
 */
export function upsertCommand(ctx: FakeDiscordContext, guildId: string | null, body: unknown, replaceId?: string): APIApplicationCommand {
  const existing = ctx.store.getCommands(guildId);
  const command = normalizeCommand(ctx, guildId, body, '', existing);
  if (replaceId) command.id = replaceId;
  const others = existing.filter((c) => c.id !== replaceId && !(c.name === command.name && c.type === command.type));
  ctx.store.setCommands(guildId, [...others, command]);
  return command;
}

function normalizeCommand(
  ctx: FakeDiscordContext,
  guildId: string | null,
  input: unknown,
  path: string,
  existing: APIApplicationCommand[],
): APIApplicationCommand {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (!isObject(input)) throw httpErrors.invalidForm(path, 'Expected a command object.');
  const type = (typeof input.type === 'number' ? input.type : ApplicationCommandType.ChatInput) as ApplicationCommandType;
  const name = input.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 32) {
    throw httpErrors.invalidForm(at('name'), 'Must be between 1 and 32 in length.');
  }
  const description = typeof input.description === 'string' ? input.description : '';
  if (type === ApplicationCommandType.ChatInput) {
    if (!NAME_PATTERN.test(name) || name !== name.toLowerCase()) {
      throw httpErrors.invalidForm(at('name'), 'Command name is invalid', 'APPLICATION_COMMAND_INVALID_NAME');
    }
    if (description.length < 1 || description.length > 100) {
      throw httpErrors.invalidForm(at('description'), 'Must be between 1 and 100 in length.');
    }
    validateOptions(Array.isArray(input.options) ? input.options : [], at('options'), 0);
  } else if (description !== '') {
    throw httpErrors.invalidForm(at('description'), 'Context menu commands cannot have a description.');
  }
  const previous = existing.find((c) => c.name === name && c.type === type);
  const permissions = input.default_member_permissions;
  const command = {
    id: previous?.id ?? snowflake(),
    application_id: ctx.options.applicationId,
    version: snowflake(),
    type,
    name,
    name_localizations: isObject(input.name_localizations) ? input.name_localizations : null,
    description,
    description_localizations: isObject(input.description_localizations) ? input.description_localizations : null,
    options: Array.isArray(input.options) ? input.options : [],
    default_member_permissions: typeof permissions === 'string' ? permissions : null,
    nsfw: input.nsfw === true,
    integration_types: Array.isArray(input.integration_types) ? input.integration_types : [0],
    contexts: Array.isArray(input.contexts) ? input.contexts : null,
    ...(guildId ? { guild_id: guildId } : { dm_permission: input.dm_permission !== false }),
  };
  return command;
}

function validateOptions(options: unknown[], path: string, depth: number): void {
  if (options.length > 25) throw httpErrors.invalidForm(path, 'Must be 25 or fewer in length.');
  const names = new Set<string>();
  let sawOptional = false;
  let subcommands = 0;
  options.forEach((raw, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(raw) || typeof raw.type !== 'number') throw httpErrors.invalidForm(p, 'Expected an option object.');
    const option = raw as unknown as OptionDef;
    if (!NAME_PATTERN.test(option.name ?? '') || option.name !== option.name.toLowerCase()) {
      throw httpErrors.invalidForm(`${p}.name`, 'Option name is invalid', 'APPLICATION_COMMAND_INVALID_NAME');
    }
    if (names.has(option.name)) throw httpErrors.invalidForm(`${p}.name`, 'Option names must be unique', 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS');
    names.add(option.name);
    const descriptionLength = typeof option.description === 'string' ? option.description.length : 0;
    if (descriptionLength < 1 || descriptionLength > 100) throw httpErrors.invalidForm(`${p}.description`, 'Must be between 1 and 100 in length.');

    const nested = option.type === OptionType.Subcommand || option.type === OptionType.SubcommandGroup;
    if (nested) {
      subcommands += 1;
      if (option.type === OptionType.SubcommandGroup && depth > 0) throw httpErrors.invalidForm(p, 'Subcommand groups cannot be nested.');
      if (option.type === OptionType.Subcommand && depth > 1) throw httpErrors.invalidForm(p, 'Subcommands are too deep.');
      const children = option.options ?? [];
      if (option.type === OptionType.SubcommandGroup && children.some((c) => c.type !== OptionType.Subcommand)) {
        throw httpErrors.invalidForm(`${p}.options`, 'Subcommand groups may only contain subcommands.');
      }
      validateOptions(children, `${p}.options`, depth + 1);
      return;
    }
    if (option.required) {
      if (sawOptional)
        throw httpErrors.invalidForm(p, 'Required options must be placed before non-required options', 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID');
    } else {
      sawOptional = true;
    }
    if (option.choices) {
      if (option.autocomplete) throw httpErrors.invalidForm(`${p}.autocomplete`, 'Autocomplete cannot be used with choices.');
      if (option.choices.length > 25) throw httpErrors.invalidForm(`${p}.choices`, 'Must be 25 or fewer in length.');
    }
  });
  if (subcommands > 0 && subcommands !== options.length) {
    throw httpErrors.invalidForm(path, 'Subcommands cannot be mixed with other options.');
  }
}

// ---- invocation ----------------------------------------------------------------------------

/** A value a simulated user gives for an option; users/channels/roles may be given as `{ id }`. */
export type OptionValue = string | number | boolean | { id: string };

export interface CommandInvocation {
  subcommand?: string;
  group?: string;
  options?: Record<string, OptionValue>;
  /** For autocomplete: the option being typed into (its value is the text typed so far). */
  focused?: string;
}

/** The command a user would see in the command picker of this guild (guild commands first). */
export function findCommand(ctx: FakeDiscordContext, guildId: string, name: string): APIApplicationCommand | undefined {
  const match = (c: APIApplicationCommand) => c.name === name && (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput;
  return ctx.store.getCommands(guildId).find(match) ?? ctx.store.getCommands(null).find(match);
}

/**
 * Build `data` for a chat input command or autocomplete interaction. Throws (in the test) when
 * the invocation would be impossible in the Discord client: unknown subcommand or option, wrong
 * value type, value outside the choices, missing required option. `unchecked` skips what only
 * the Discord client checks (required options, min/max value and length, choices), as a forged
 * request would; Discord itself does not check them again.
 */
export function buildCommandData(
  ctx: FakeDiscordContext,
  command: APIApplicationCommand,
  invocation: CommandInvocation,
  guildId: string,
  autocomplete: boolean,
  unchecked = false,
): { data: Record<string, unknown>; fullName: string } {
  const defs = (command.options ?? []) as unknown as OptionDef[];
  const resolved: Record<string, Record<string, unknown>> = {};
  const fail = (message: string): never => {
    throw new Error(`Cannot invoke /${command.name}: ${message}`);
  };

  let level = defs;
  const path: OptionDef[] = [];
  const usesGroups = defs.some((d) => d.type === OptionType.SubcommandGroup);
  const usesSubcommands = usesGroups || defs.some((d) => d.type === OptionType.Subcommand);
  if (usesGroups && invocation.group !== undefined) {
    const group = defs.find((d) => d.type === OptionType.SubcommandGroup && d.name === invocation.group);
    if (!group) fail(`no subcommand group "${invocation.group}" (has: ${names(defs)})`);
    path.push(group as OptionDef);
    level = (group as OptionDef).options ?? [];
  }
  if (usesSubcommands) {
    if (invocation.subcommand === undefined) fail(`a subcommand is required (one of: ${names(level)})`);
    const sub = level.find((d) => d.type === OptionType.Subcommand && d.name === invocation.subcommand);
    if (!sub) fail(`no subcommand "${invocation.subcommand}"${path[0] ? ` in group "${path[0].name}"` : ''} (has: ${names(level)})`);
    path.push(sub as OptionDef);
    level = (sub as OptionDef).options ?? [];
  } else if (invocation.subcommand !== undefined || invocation.group !== undefined) {
    fail('it has no subcommands');
  }

  const given = invocation.options ?? {};
  for (const key of Object.keys(given)) {
    if (!level.some((d) => d.name === key)) fail(`unknown option "${key}" (has: ${names(level) || 'none'})`);
  }
  if (autocomplete) {
    const focused = level.find((d) => d.name === invocation.focused);
    if (!focused) fail(`autocomplete needs \`focused\` naming one of its options (has: ${names(level)})`);
    if (!(focused as OptionDef).autocomplete) fail(`option "${invocation.focused}" does not have autocomplete enabled`);
  }

  const values: Array<Record<string, unknown>> = [];
  for (const def of level) {
    const value = given[def.name];
    if (autocomplete && def.name === invocation.focused) {
      values.push({ name: def.name, type: def.type, value: typeof value === 'string' || typeof value === 'number' ? String(value) : '', focused: true });
      continue;
    }
    if (value === undefined) {
      if (def.required && !autocomplete && !unchecked) fail(`required option "${def.name}" is missing`);
      continue;
    }
    const limits = unchecked ? { ...def, min_value: undefined, max_value: undefined, min_length: undefined, max_length: undefined, choices: undefined } : def;
    values.push({ name: def.name, type: def.type, value: optionValue(ctx, limits, value, guildId, resolved, fail) });
  }

  let options: Array<Record<string, unknown>> = values;
  for (const def of [...path].reverse()) options = [{ name: def.name, type: def.type, options }];
  const data: Record<string, unknown> = {
    id: command.id,
    name: command.name,
    type: 1,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    ...(options.length > 0 ? { options } : {}),
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  };
  return { data, fullName: [command.name, ...path.map((p) => p.name)].join(' ') };
}

const names = (defs: OptionDef[]) => defs.map((d) => d.name).join(', ');

function optionValue(
  ctx: FakeDiscordContext,
  def: OptionDef,
  value: OptionValue,
  guildId: string,
  resolved: Record<string, Record<string, unknown>>,
  fail: (message: string) => never,
): string | number | boolean {
  const label = `option "${def.name}"`;
  const id = typeof value === 'object' ? value.id : String(value);
  const add = (kind: string, key: string, entry: unknown) => {
    resolved[kind] ??= {};
    resolved[kind][key] = entry;
  };

  switch (def.type) {
    case OptionType.String: {
      if (typeof value !== 'string') fail(`${label} expects a string, got ${JSON.stringify(value)}`);
      const text = value;
      if (def.min_length !== undefined && text.length < def.min_length) fail(`${label} is shorter than ${def.min_length}`);
      if (def.max_length !== undefined && text.length > def.max_length) fail(`${label} is longer than ${def.max_length}`);
      checkChoices(def, text, fail);
      return text;
    }
    case OptionType.Integer:
    case OptionType.Number: {
      if (typeof value !== 'number' || (def.type === OptionType.Integer && !Number.isInteger(value))) {
        fail(`${label} expects ${def.type === OptionType.Integer ? 'an integer' : 'a number'}, got ${JSON.stringify(value)}`);
      }
      const n = value;
      if (def.min_value !== undefined && n < def.min_value) fail(`${label} is below ${def.min_value}`);
      if (def.max_value !== undefined && n > def.max_value) fail(`${label} is above ${def.max_value}`);
      checkChoices(def, n, fail);
      return n;
    }
    case OptionType.Boolean:
      if (typeof value !== 'boolean') fail(`${label} expects a boolean, got ${JSON.stringify(value)}`);
      return value;
    case OptionType.User:
    case OptionType.Mentionable: {
      const user = ctx.store.users.get(id);
      const member = ctx.store.member(guildId, id);
      const guild = ctx.store.guilds.get(guildId);
      if (user) {
        add('users', id, apiUserById(ctx.store, id));
        if (member && guild) {
          add('members', id, {
            nick: member.nick,
            avatar: null,
            roles: member.roleIds,
            joined_at: new Date(member.joinedAt).toISOString(),
            premium_since: null,
            pending: false,
            flags: 0,
            communication_disabled_until: null,
            permissions: memberPermissions(guild, member).toString(),
          });
        }
        return id;
      }
      const role = guild?.roles.find((r) => r.id === id);
      if (role && def.type === OptionType.Mentionable) {
        add('roles', id, apiRole(role));
        return id;
      }
      return fail(`${label}: unknown user ${id}`);
    }
    case OptionType.Role: {
      const role = ctx.store.guilds.get(guildId)?.roles.find((r) => r.id === id);
      if (!role) fail(`${label}: unknown role ${id}`);
      add('roles', id, apiRole(role));
      return id;
    }
    case OptionType.Channel: {
      const channel = ctx.store.channels.get(id);
      if (!channel) fail(`${label}: unknown channel ${id}`);
      const c = channel;
      add('channels', id, {
        id: c.id,
        name: c.name,
        type: c.type,
        permissions: '0',
        ...(c.thread
          ? {
              parent_id: c.parentId,
              thread_metadata: {
                archived: c.thread.archived,
                auto_archive_duration: c.thread.autoArchiveDuration,
                archive_timestamp: new Date(c.thread.archiveTimestamp).toISOString(),
                locked: c.thread.locked,
              },
            }
          : {}),
      });
      return id;
    }
    default:
      return fail(`${label} has type ${def.type}, which the simulated client cannot fill in`);
  }
}

function checkChoices(def: OptionDef, value: string | number, fail: (message: string) => never): void {
  if (!def.choices || def.choices.length === 0) return;
  if (!def.choices.some((c) => c.value === value)) {
    fail(`option "${def.name}" must be one of ${def.choices.map((c) => JSON.stringify(c.value)).join(', ')}, got ${JSON.stringify(value)}`);
  }
}
