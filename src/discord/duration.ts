import type { Locale } from '../i18n/index.js';

const UNITS = [
  { unit: 'second', ms: 1_000, below: 60_000 },
  { unit: 'minute', ms: 60_000, below: 3_600_000 },
  { unit: 'hour', ms: 3_600_000, below: 48 * 3_600_000 },
] as const;
const DAY = { unit: 'day', ms: 86_400_000 } as const;

/**
 * A span of time in its largest fitting unit, as the reader's language writes it ("12 sec",
 * "3,5 min", "2,4 uur", "3 dagen"): Intl's unit formatting, since Node 20 has no Intl.DurationFormat.
 * One decimal below ten of a unit, whole numbers above; hours up to two days.
 */
export function durationText(ms: number, locale: Locale): string {
  const { unit, ms: size } = UNITS.find((u) => ms < u.below) ?? DAY;
  const value = Math.max(0, ms) / size;
  const unitDisplay = unit === 'day' ? 'long' : 'short';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}
