/**
 * The message limits Discord enforces, so a bot that would be rejected in production is rejected
 * here too (with the same 50035 "Invalid Form Body" error and a field path in `errors`). Lengths
 * are counted in code points, as Discord's API (Python 3) counts them
 * (https://github.com/discord/discord-api-docs/issues/1315): "👋🏽" is 2, "漢" is 1.
 */
import { ErrorCode, httpErrors } from './http.js';
import type { RawComponent } from './model.js';

const COMPONENTS_V2 = 1 << 15;
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);
/** Layout component types of components v2 (section, text display, thumbnail, gallery, file, separator, container). */
const V2_TYPES = new Set([9, 10, 11, 12, 13, 14, 17]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const len = (v: unknown): number => (typeof v === 'string' ? [...v].length : 0);

function check(condition: boolean, path: string, message: string): void {
  if (!condition) throw httpErrors.invalidForm(path, message);
}

/** A UTF-16 surrogate without its other half (half an emoji cut in two); a whole pair is one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Every string of a JSON body, at any depth, must be text Discord can store: a lone surrogate
 * (a JSON "\ud83d" escape without its pair) makes Discord refuse the whole request, with the
 * field's path. Run on every body, before any route reads it.
 */
export function refuseLoneSurrogates(value: unknown, path = ''): void {
  if (typeof value === 'string') {
    check(!LONE_SURROGATE.test(value), path || 'body', 'Must be valid Unicode: contains a lone UTF-16 surrogate.');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => refuseLoneSurrogates(item, `${path}[${i}]`));
    return;
  }
  if (!isObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    check(!LONE_SURROGATE.test(key), at, 'Must be valid Unicode: contains a lone UTF-16 surrogate.');
    refuseLoneSurrogates(item, at);
  }
}

/** A channel's or thread's name: 1 to 100 characters, on creation and on every rename. */
export function validateChannelName(name: unknown, path = 'name'): void {
  check(typeof name === 'string' && len(name) >= 1 && len(name) <= 100, path, 'Must be between 1 and 100 in length.');
}

/**
 * Validate message fields from a create or edit body. `prefix` is the path of the message inside
 * the body ('' for channel messages, 'data' for interaction callbacks).
 */
export function validateMessageFields(fields: Record<string, unknown>, prefix = ''): void {
  const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const { content, embeds, components, attachments } = fields;
  const flags = typeof fields.flags === 'number' ? fields.flags : 0;

  if (content !== undefined && content !== null) {
    check(typeof content === 'string', at('content'), 'Must be a string.');
    check(len(content) <= 2000, at('content'), 'Must be 2000 or fewer in length.');
  }

  if (embeds !== undefined && embeds !== null) {
    check(Array.isArray(embeds), at('embeds'), 'Must be an array.');
    validateEmbeds(embeds as unknown[], at('embeds'));
  }

  if (attachments !== undefined && attachments !== null) {
    check(Array.isArray(attachments), at('attachments'), 'Must be an array.');
    validateAttachments(attachments as unknown[], at('attachments'));
  }

  if (components !== undefined && components !== null) {
    check(Array.isArray(components), at('components'), 'Must be an array.');
    const list = components as unknown[];
    const v2 = (flags & COMPONENTS_V2) !== 0;
    if (v2) {
      check(!content, at('content'), 'Cannot send content with the IS_COMPONENTS_V2 flag.');
      check(!Array.isArray(embeds) || embeds.length === 0, at('embeds'), 'Cannot send embeds with the IS_COMPONENTS_V2 flag.');
    } else {
      check(list.length <= 5, at('components'), 'Must be 5 or fewer in length.');
    }
    const customIds = new Set<string>();
    list.forEach((component, i) => validateComponent(component, `${at('components')}[${i}]`, v2, true, customIds));
  }
}

/** Creating a message needs something to show. */
export function requireNonEmptyMessage(fields: Record<string, unknown>, fileCount: number): void {
  const nonEmpty = (v: unknown) => (typeof v === 'string' ? v.length > 0 : Array.isArray(v) && v.length > 0);
  if (
    nonEmpty(fields.content) ||
    nonEmpty(fields.embeds) ||
    nonEmpty(fields.components) ||
    nonEmpty(fields.sticker_ids) ||
    isObject(fields.poll) ||
    fileCount > 0
  ) {
    return;
  }
  throw httpErrors.badRequest(ErrorCode.CannotSendEmptyMessage, 'Cannot send an empty message');
}

/** An attachment's description is its alt text: at most 1,024 characters, as Discord takes it. */
function validateAttachments(attachments: unknown[], path: string): void {
  attachments.forEach((attachment, i) => {
    const p = `${path}[${i}]`;
    check(isObject(attachment), p, 'Must be an object.');
    const { description } = attachment as Record<string, unknown>;
    if (description === undefined || description === null) return;
    check(typeof description === 'string', `${p}.description`, 'Must be a string.');
    if (len(description) > 1024) throw httpErrors.invalidForm(`${p}.description`, 'Must be 1024 or fewer in length.', 'BASE_TYPE_MAX_LENGTH');
  });
}

function validateEmbeds(embeds: unknown[], path: string): void {
  check(embeds.length <= 10, path, 'Must be 10 or fewer in length.');
  let total = 0;
  embeds.forEach((embed, i) => {
    const p = `${path}[${i}]`;
    check(isObject(embed), p, 'Must be an object.');
    const e = embed as Record<string, unknown>;
    check(len(e.title) <= 256, `${p}.title`, 'Must be 256 or fewer in length.');
    check(len(e.description) <= 4096, `${p}.description`, 'Must be 4096 or fewer in length.');
    total += len(e.title) + len(e.description);
    if (isObject(e.footer)) {
      check(len(e.footer.text) <= 2048, `${p}.footer.text`, 'Must be 2048 or fewer in length.');
      total += len(e.footer.text);
    }
    if (isObject(e.author)) {
      check(len(e.author.name) <= 256, `${p}.author.name`, 'Must be 256 or fewer in length.');
      total += len(e.author.name);
    }
    if (Array.isArray(e.fields)) {
      check(e.fields.length <= 25, `${p}.fields`, 'Must be 25 or fewer in length.');
      e.fields.forEach((field: unknown, j: number) => {
        const f = isObject(field) ? field : {};
        check(len(f.name) >= 1 && len(f.name) <= 256, `${p}.fields[${j}].name`, 'Must be between 1 and 256 in length.');
        check(len(f.value) >= 1 && len(f.value) <= 1024, `${p}.fields[${j}].value`, 'Must be between 1 and 1024 in length.');
        total += len(f.name) + len(f.value);
      });
    }
  });
  check(total <= 6000, path, 'Embed size exceeds maximum size of 6000');
}

function validateComponent(component: unknown, path: string, v2: boolean, topLevel: boolean, customIds: Set<string>): void {
  check(isObject(component) && typeof component.type === 'number', path, 'Must be a component object with a type.');
  const c = component as RawComponent;

  if (topLevel && !v2) check(c.type === 1, `${path}.type`, 'Top-level components must be action rows (type 1).');
  if (!v2) check(!V2_TYPES.has(c.type), `${path}.type`, 'Layout components need the IS_COMPONENTS_V2 flag.');

  const children = (key: string): unknown[] => (Array.isArray(c[key]) ? (c[key] as unknown[]) : []);

  switch (c.type) {
    case 1: {
      const inner = children('components');
      check(inner.length >= 1 && inner.length <= 5, `${path}.components`, 'Must be between 1 and 5 in length.');
      const selects = inner.filter((x) => isObject(x) && SELECT_TYPES.has(x.type as number)).length;
      check(selects === 0 || inner.length === 1, `${path}.components`, 'A select menu must be alone in its action row.');
      inner.forEach((x, i) => {
        check(!(isObject(x) && x.type === 1), `${path}.components[${i}]`, 'Action rows cannot be nested.');
        validateComponent(x, `${path}.components[${i}]`, v2, false, customIds);
      });
      return;
    }
    case 2:
      validateButton(c, path, customIds);
      return;
    case 9: // section: text displays plus an accessory (button or thumbnail)
      children('components').forEach((x, i) => validateComponent(x, `${path}.components[${i}]`, v2, false, customIds));
      if (c.accessory !== undefined) validateComponent(c.accessory, `${path}.accessory`, v2, false, customIds);
      return;
    case 17: // container
      children('components').forEach((x, i) => validateComponent(x, `${path}.components[${i}]`, v2, false, customIds));
      return;
    case 10:
      check(typeof c.content === 'string' && len(c.content) <= 4000, `${path}.content`, 'Must be 4000 or fewer in length.');
      return;
    default:
      if (SELECT_TYPES.has(c.type)) validateSelect(c, path, customIds);
  }
}

function validateCustomId(c: RawComponent, path: string, customIds: Set<string>): void {
  const id = c.custom_id;
  check(typeof id === 'string' && len(id) >= 1 && len(id) <= 100, `${path}.custom_id`, 'Must be between 1 and 100 in length.');
  check(!customIds.has(id as string), `${path}.custom_id`, 'Component custom id cannot be duplicated');
  customIds.add(id as string);
}

function validateButton(c: RawComponent, path: string, customIds: Set<string>): void {
  const style = c.style;
  check(typeof style === 'number' && style >= 1 && style <= 6, `${path}.style`, 'Value must be one of {1, 2, 3, 4, 5, 6}.');
  check(len(c.label) <= 80, `${path}.label`, 'Must be 80 or fewer in length.');
  if (style === 5) {
    check(typeof c.url === 'string' && c.url.length > 0, `${path}.url`, 'Link buttons need a url.');
    check(c.custom_id === undefined, `${path}.custom_id`, 'Link buttons cannot have a custom_id.');
  } else if (style !== 6) {
    validateCustomId(c, path, customIds);
    check(len(c.label) > 0 || isObject(c.emoji), path, 'A button needs a label or an emoji.');
  }
}

function validateSelect(c: RawComponent, path: string, customIds: Set<string>): void {
  validateCustomId(c, path, customIds);
  check(len(c.placeholder) <= 150, `${path}.placeholder`, 'Must be 150 or fewer in length.');
  const min = typeof c.min_values === 'number' ? c.min_values : 1;
  const max = typeof c.max_values === 'number' ? c.max_values : 1;
  check(min >= 0 && min <= 25, `${path}.min_values`, 'Must be between 0 and 25.');
  check(max >= 1 && max <= 25 && max >= min, `${path}.max_values`, 'Must be between 1 and 25 and at least min_values.');
  if (c.type !== 3) return;
  const options = Array.isArray(c.options) ? (c.options as unknown[]) : [];
  check(options.length >= 1 && options.length <= 25, `${path}.options`, 'Must be between 1 and 25 in length.');
  check(max <= options.length, `${path}.max_values`, 'Must be less than or equal to the number of options.');
  const values = new Set<string>();
  options.forEach((option, i) => {
    const o = isObject(option) ? option : {};
    const p = `${path}.options[${i}]`;
    check(len(o.label) >= 1 && len(o.label) <= 100, `${p}.label`, 'Must be between 1 and 100 in length.');
    check(len(o.value) >= 1 && len(o.value) <= 100, `${p}.value`, 'Must be between 1 and 100 in length.');
    check(len(o.description) <= 100, `${p}.description`, 'Must be 100 or fewer in length.');
    check(!values.has(o.value as string), `${p}.value`, 'Select menu values must be unique.');
    values.add(o.value as string);
  });
}

/** Autocomplete answers: at most 25 choices with names of 1 to 100 characters. */
export function validateChoices(choices: unknown, path = 'data.choices'): void {
  check(Array.isArray(choices), path, 'Must be an array.');
  const list = choices as unknown[];
  check(list.length <= 25, path, 'Must be 25 or fewer in length.');
  list.forEach((choice, i) => {
    const c = isObject(choice) ? choice : {};
    check(len(c.name) >= 1 && len(c.name) <= 100, `${path}[${i}].name`, 'Must be between 1 and 100 in length.');
    check(
      typeof c.value === 'number' || (typeof c.value === 'string' && len(c.value) <= 100),
      `${path}[${i}].value`,
      'Must be a number or a string of 100 or fewer characters.',
    );
  });
}
