/**
 * The English message catalogue: every user-facing text of the bot. Keys are grouped by the part
 * of the bot that uses them. Placeholders are written {name} and filled by `t`.
 */
export const en = {
  // --- Cartagena board image
  'cartagena.board.start': 'Start',
  'cartagena.board.ship': 'Ship',
  'cartagena.board.row': 'Open row',
  'cartagena.board.deck': 'Deck {count}',
  'cartagena.board.discard': 'Discard {count}',
  'cartagena.board.turn': 'Turn {turn}',
  'cartagena.board.cards': '{count} cards',
} as const;

export type MessageKey = keyof typeof en;
