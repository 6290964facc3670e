/** Nim's English texts. Not in the bot's catalogues: the game lives in the tests (see ./presenter.ts). */
export const nimEn = {
  'game.nim.name': 'Nim',
  'rules.nim': `**Nim** (2-3 players): whoever takes the last stone wins.

## Your turn
Take one or two stones by hand, one at a time, then end your turn; or play one of your two secret cards (1 to 3): it takes that many stones at once, and you draw a new card.`,
  'nim.score': '{score} points',
  'nim.score.one': '1 point',
  'nim.variant.short': 'Short',
  'nim.variant.short.about': '15 stones',
  'nim.variant.long': 'Long',
  'nim.variant.long.about': '25 stones',
  'nim.status': '{pile} stones left; {player} to move.',
  'nim.status.over': '{player} took the last stone.',
  'nim.panel.text': "It's your turn: {pile} stones left. Your cards: {cards}.",
  'nim.panel.waiting': '{pile} stones left. Your cards: {cards}. {player} is to move.',
  'nim.panel.no-cards': 'none',
  'nim.panel.placeholder': 'Your move',
  'nim.action.take': 'Take a stone',
  'nim.action.end': 'End the turn',
  'nim.action.play': 'Play a {value}',
  'nim.event.took': '{player} takes a stone.',
  'nim.event.ended': '{player} ends the turn after {taken} by hand.',
  'nim.event.played': '{player} plays a {value}.',
  'nim.event.drew': '{player} draws a card.',
  'nim.event.drew.own': '{player} draws a {value}.',
  'nim.event.reshuffled': 'The {cards} discards are shuffled into a new draw pile.',
  'nim.event.won': '{player} takes the last stone and wins.',
  'nim.event.resigned': '{player} resigns.',
  'nim.board.pile': '{pile} stones',
  'nim.board.cards': '{cards} cards',
} as const;

export type NimTextKey = keyof typeof nimEn;
