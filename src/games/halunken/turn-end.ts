import type { HalunkenEvent } from './state.js';

/**
 * Every step ends a turn except a secret choice that leaves others still choosing, and except
 * a robbery after which the same hirer robs the next captain Black Jack passed: in both cases
 * nobody new is waited for. Every other step either ends a round, reveals the cards, or makes
 * the game wait for another player (placement, auction, Rum, theft, gift), who is mentioned.
 */
export function turnEnded(events: unknown[]): boolean {
  // After a robbery, a step holding nothing but Black Jack's thefts stopped at the next robbery
  // of the same hirer (the end of the round would add its events; a two-player landing of Black
  // Jack is always followed by the displacement of the captain he landed on).
  const quiet = (events as HalunkenEvent[]).every((e) => e.type === 'chose' || ((e.type === 'stole' || e.type === 'noSteal') && e.by === 'blackJack'));
  return !quiet;
}
