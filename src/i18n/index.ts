import { en, type Catalogue, type MessageKey } from './en.js';
import { nl } from './nl.js';

export type { Catalogue, MessageKey };

const catalogues = { en, nl } satisfies Record<string, Catalogue>;

export type Locale = keyof typeof catalogues;
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALES = Object.keys(catalogues) as Locale[];

/** Every text of one language. */
export function catalogueOf(locale: Locale): Catalogue {
  return catalogues[locale];
}

/** Picks our locale from a Discord locale such as 'en-US' or 'nl'; unknown ones fall back to English. */
export function localeFrom(discordLocale: string | null | undefined): Locale {
  const base = (discordLocale ?? '').split('-')[0] as Locale;
  return Object.hasOwn(catalogues, base) ? base : DEFAULT_LOCALE;
}

export type MessageParams = Record<string, string | number>;

/** The text of `key` in `locale`, with {placeholders} filled in. */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template: string = catalogues[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** A translator bound to one locale, handed to code that only needs to produce text. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function translator(locale: Locale): Translate {
  return (key, params) => t(locale, key, params);
}
