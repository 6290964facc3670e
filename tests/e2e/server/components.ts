/**
 * Reading the components of a stored message the way a user sees them: every button and select
 * menu, wherever it sits (action rows, components v2 containers, section accessories).
 */
import type { RawComponent, StoredMessage } from './model.js';

export interface ButtonInfo {
  kind: 'button';
  customId: string | null;
  label: string | null;
  /** 1 primary, 2 secondary, 3 success, 4 danger, 5 link, 6 premium. */
  style: number;
  disabled: boolean;
  url: string | null;
  /** Unicode emoji or custom emoji name. */
  emoji: string | null;
  raw: RawComponent;
}

export interface SelectOptionInfo {
  label: string;
  value: string;
  description: string | null;
  default: boolean;
  emoji: string | null;
}

export interface SelectInfo {
  kind: 'select';
  /** 3 string, 5 user, 6 role, 7 mentionable, 8 channel select. */
  type: number;
  customId: string;
  placeholder: string | null;
  disabled: boolean;
  minValues: number;
  maxValues: number;
  /** Only string selects have options. */
  options: SelectOptionInfo[];
  raw: RawComponent;
}

/**
 * How tests point at a component: an exact custom id or label as a string, or an object with
 * `customId`, `prefix` (custom id prefix) and/or `label` (exact string or RegExp).
 */
export type ComponentMatcher = string | { customId?: string; prefix?: string; label?: string | RegExp; predicate?: (c: ButtonInfo | SelectInfo) => boolean };

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/** Depth-first walk over every component of a message. */
export function walkComponents(components: readonly unknown[], visit: (component: RawComponent) => void): void {
  for (const item of components) {
    if (typeof item !== 'object' || item === null) continue;
    const component = item as RawComponent;
    visit(component);
    if (Array.isArray(component.components)) walkComponents(component.components as unknown[], visit);
    if (component.accessory) walkComponents([component.accessory], visit);
    if (component.component) walkComponents([component.component], visit);
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const emojiName = (v: unknown): string | null => (typeof v === 'object' && v !== null ? str((v as Record<string, unknown>).name) : null);

export function buttonsOf(message: Pick<StoredMessage, 'components'>): ButtonInfo[] {
  const result: ButtonInfo[] = [];
  walkComponents(message.components, (c) => {
    if (c.type !== 2) return;
    result.push({
      kind: 'button',
      customId: str(c.custom_id),
      label: str(c.label),
      style: typeof c.style === 'number' ? c.style : 0,
      disabled: c.disabled === true,
      url: str(c.url),
      emoji: emojiName(c.emoji),
      raw: c,
    });
  });
  return result;
}

export function selectsOf(message: Pick<StoredMessage, 'components'>): SelectInfo[] {
  const result: SelectInfo[] = [];
  walkComponents(message.components, (c) => {
    if (!SELECT_TYPES.has(c.type)) return;
    const options = Array.isArray(c.options) ? (c.options as Array<Record<string, unknown>>) : [];
    result.push({
      kind: 'select',
      type: c.type,
      customId: str(c.custom_id) ?? '',
      placeholder: str(c.placeholder),
      disabled: c.disabled === true,
      minValues: typeof c.min_values === 'number' ? c.min_values : 1,
      maxValues: typeof c.max_values === 'number' ? c.max_values : 1,
      options: options.map((o) => ({
        label: str(o.label) ?? '',
        value: str(o.value) ?? '',
        description: str(o.description),
        default: o.default === true,
        emoji: emojiName(o.emoji),
      })),
      raw: c,
    });
  });
  return result;
}

export function matches(component: ButtonInfo | SelectInfo, matcher: ComponentMatcher): boolean {
  const label = component.kind === 'button' ? component.label : component.placeholder;
  if (typeof matcher === 'string') return component.customId === matcher || label === matcher;
  if (matcher.customId !== undefined && component.customId !== matcher.customId) return false;
  if (matcher.prefix !== undefined && !(component.customId ?? '').startsWith(matcher.prefix)) return false;
  if (matcher.label !== undefined) {
    if (label === null) return false;
    if (typeof matcher.label === 'string' ? label !== matcher.label : !matcher.label.test(label)) return false;
  }
  if (matcher.predicate && !matcher.predicate(component)) return false;
  return true;
}

export function findButton(message: Pick<StoredMessage, 'components'>, matcher: ComponentMatcher): ButtonInfo | undefined {
  return buttonsOf(message).find((b) => matches(b, matcher));
}

export function findSelect(message: Pick<StoredMessage, 'components'>, matcher: ComponentMatcher): SelectInfo | undefined {
  return selectsOf(message).find((s) => matches(s, matcher));
}

export function describeMatcher(matcher: ComponentMatcher): string {
  if (typeof matcher === 'string') return `"${matcher}"`;
  const parts: string[] = [];
  if (matcher.customId !== undefined) parts.push(`customId="${matcher.customId}"`);
  if (matcher.prefix !== undefined) parts.push(`prefix="${matcher.prefix}"`);
  if (matcher.label !== undefined) parts.push(`label=${String(matcher.label)}`);
  if (matcher.predicate) parts.push('predicate');
  return `{${parts.join(', ')}}`;
}

/**
 * All text a user reads in a message: content, embed titles/descriptions/fields/footers and the
 * text displays of components v2 layouts, joined by newlines. Handy for `toContain` assertions
 * whatever way the bot formats its messages.
 */
export function messageText(message: Pick<StoredMessage, 'content' | 'embeds' | 'components'>): string {
  const parts: string[] = [];
  if (message.content) parts.push(message.content);
  for (const embed of message.embeds) {
    if (embed.author?.name) parts.push(embed.author.name);
    if (embed.title) parts.push(embed.title);
    if (embed.description) parts.push(embed.description);
    for (const field of embed.fields ?? []) parts.push(`${field.name}\n${field.value}`);
    if (embed.footer?.text) parts.push(embed.footer.text);
  }
  walkComponents(message.components, (c) => {
    if (c.type === 10 && typeof c.content === 'string') parts.push(c.content);
  });
  return parts.join('\n');
}

/** One line per interactive component, e.g. `[Join](game:join) [Start](game:start, disabled)`. */
export function describeComponents(message: Pick<StoredMessage, 'components'>): string {
  const buttons = buttonsOf(message).map((b) => `[${b.label ?? b.emoji ?? '?'}](${b.customId ?? b.url ?? ''}${b.disabled ? ', disabled' : ''})`);
  const selects = selectsOf(message).map((s) => `<select ${s.customId}${s.disabled ? ' disabled' : ''}: ${s.options.map((o) => o.value).join('|')}>`);
  return [...buttons, ...selects].join(' ');
}
