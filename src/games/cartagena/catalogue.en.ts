/** Cartagena's English texts: its part of the message catalogue (see src/games/catalogues.ts). */
export const cartagenaEn = {
  // --- Rules texts (/rules)
  'rules.cartagena': `**Cartagena** (2 to 5 players): lead your six pirates through the tunnel to the ship.

**The tunnel**: 36 spaces in six segments; each segment holds each of the six symbols (💀 skull, 🗡️ dagger, 🔑 key, 🍾 bottle, 🔫 pistol, 🎩 hat) once, in a random order. The ship waits after space 36.
**Your turn**: make 1 to 3 actions, in any order, then end your turn (after the third action it ends by itself).
• **Play a card**: discard a card and move one of your pirates forward to the next *free* space with that symbol. If none is free ahead, the pirate boards the ship.
• **Move back**: move one of your pirates back to the first space behind it holding 1 or 2 pirates (empty spaces and full spaces with 3 are skipped), and draw 1 or 2 cards, one per pirate already there. The start is never a target.
**Jamaica**: hands are hidden, you draw from the face-down deck. **Tortuga**: all hands are open and you draw from an open row of 12 cards, in its order; when the row is empty, 12 new cards are laid out.
**The end**: the first player with all six pirates on the ship wins at once.

**How this bot decides unclear cases**
• The tunnel layout is random for each game and shown on the board.
• A pirate on the ship may move back.
• When the deck is empty, the discards are shuffled into a new deck; if both are empty you draw fewer cards. There is no hand limit.
• In Tortuga, when the deck cannot fill a new row, the discards are shuffled in; if still short, the row holds what there is.
• In Tortuga, whenever you must draw and the row is empty, a new row is laid out first (reshuffling the discards if needed): a row that could not be filled comes back at the first draw after cards have been played. Games started before this ruling keep the old rule: there such a row stays empty.
• A player who cannot do anything is skipped. If nobody can do anything any more, the game ends.
• The others are ranked by pirates aboard, then by how far their pirates are.
• A player who resigns leaves with his pirates; the last player left wins.
• The start player is chosen at random.`,

  // --- Cartagena
  'game.cartagena.name': 'Cartagena',
  'cartagena.variant.jamaica': 'Jamaica',
  'cartagena.variant.jamaica.about': 'hidden hands, draw from the deck',
  'cartagena.variant.tortuga': 'Tortuga',
  'cartagena.variant.tortuga.about': 'open hands, draw from the open row',
  'cartagena.symbol.skull': 'Skull',
  'cartagena.symbol.dagger': 'Dagger',
  'cartagena.symbol.key': 'Key',
  'cartagena.symbol.bottle': 'Bottle',
  'cartagena.symbol.pistol': 'Pistol',
  'cartagena.symbol.hat': 'Hat',
  'cartagena.place.start': 'the start',
  'cartagena.place.ship': 'the ship',
  'cartagena.place.space': 'space {space}',
  'cartagena.event.forward': '{player} played {symbol} and moved a pirate from {from} to {to}.',
  'cartagena.event.back.one': '{player} moved a pirate back from {from} to {to} and drew 1 card{cards}.',
  'cartagena.event.back.many': '{player} moved a pirate back from {from} to {to} and drew {count} cards{cards}.',
  'cartagena.event.back.none': '{player} moved a pirate back from {from} to {to}; there was no card left to draw.',
  'cartagena.event.reshuffled': 'The discard pile was shuffled into a new deck.',
  'cartagena.event.row': '{count} new cards were laid out in the open row.',
  'cartagena.event.row.one': '1 new card was laid out in the open row.',
  'cartagena.event.skipped': '{player} cannot do anything and is skipped.',
  'cartagena.event.no-action-left': '{player} has no move left; the turn passes.',
  'cartagena.event.won': '🏆 {player} has all six pirates aboard and wins!',
  'cartagena.event.won.lastLeft': '🏆 {player} is the last player left and wins!',
  'cartagena.event.resigned': '{player} left the game; their pirates left the tunnel.',
  'cartagena.event.stalemate': 'Nobody can move any more: the game ends.',
  'cartagena.status.turn': 'Turn {turn}: {player} to move, {actions} of 3 actions left.',
  'cartagena.status.over': 'The game is over.',
  'cartagena.score': '{score} aboard',
  'cartagena.panel.title': '**Cartagena** ({variant}), turn {turn}',
  'cartagena.panel.hand': 'Your hand: {cards}',
  'cartagena.panel.hand.empty': 'Your hand: no cards.',
  'cartagena.panel.pirates': 'Your pirates {mark}: {pirates}',
  'cartagena.panel.your-turn': "It's your turn: {actions} of 3 actions left.",
  'cartagena.panel.waiting': 'Waiting for {player}.',
  'cartagena.panel.forward': 'Play a card: move a pirate forward…',
  'cartagena.panel.forward.more': 'Play a card (more)…',
  'cartagena.panel.back': 'Move a pirate back and draw cards…',
  'cartagena.panel.forward.label': '{symbol}: {from} → {to}',
  'cartagena.panel.forward.description': 'Discard a {symbol} card; your pirate moves on.',
  'cartagena.panel.back.label': '{from} → {to}, draw {count}',
  'cartagena.panel.back.description': 'Move back to {to}, where {count} pirate(s) stand.',
  'cartagena.panel.end': 'End turn',
  'cartagena.short.start': 'start',
  'cartagena.short.ship': 'ship',

  // --- Cartagena board image
  'cartagena.board.start': 'Start',
  'cartagena.board.ship': 'Ship',
  'cartagena.board.row': 'Open row',
  'cartagena.board.row.empty': 'Empty',
  'cartagena.board.row.empty.refill': 'Empty: new cards are laid out at the next draw',
  'cartagena.board.deck': 'Deck {count}',
  'cartagena.board.discard': 'Discard {count}',
  'cartagena.board.turn': 'Turn {turn}',
  'cartagena.board.cards': '{count} cards',
  'cartagena.board.card': '{count} card',
  'cartagena.board.actionsLeft': 'Actions left: {count}',
  'cartagena.board.winnerTag': 'Winner',
  'cartagena.board.place': 'Place {place}',
  'cartagena.board.left': 'Left the game',
  'cartagena.board.lastTurn': 'Last turn',
  'cartagena.board.thisTurn': 'This turn',
  'cartagena.board.stalemate': 'Game over: nobody can move',
  'cartagena.board.result.aboard': '{name} wins with all six pirates aboard',
  'cartagena.board.result.lastLeft': '{name} wins as the last player left',
  'cartagena.board.result.stalemate.many': 'Nobody can move: {name} is first with {count} pirates aboard',
  'cartagena.board.result.stalemate.one': 'Nobody can move: {name} is first with 1 pirate aboard',
  'cartagena.board.result.stalemate.none': 'Nobody can move: {name} is first, furthest along',
} as const;
