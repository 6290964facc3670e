/** Cartagena's English texts: its part of the message catalogue (see src/games/catalogues.ts). */
export const cartagenaEn = {
  // --- Rules texts (/rules)
  'rules.cartagena': `**Cartagena** (2 to 5 players): lead your six pirates out of the fortress, through the tunnel and onto the ship. The first player with all six aboard wins at once.

Each turn you make 1 to 3 actions: play a card to move a pirate forward, or move a pirate back to draw cards. Two versions: **Jamaica** (hidden hands, more luck) and **Tortuga** (open hands and an open row of cards, more skill).

## The tunnel and the cards
• The tunnel has 36 spaces in six segments. Each segment shows each of the six symbols once, in a random order: 💀 skull, 🗡️ dagger, 🔑 key, 🍾 bottle, 🔫 pistol, 🎩 hat. The ship waits after space 36.
• All pirates start before space 1. There are 102 cards, 17 of each symbol; each player gets 6.
• A space never holds more than 3 pirates.

## A turn
Make 1 to 3 actions, in any order and mix, then end your turn; after the third action it ends by itself. If you can do nothing more, the turn passes.
• **Play a card**: discard a card and move one of your pirates forward to the next *free* space with that symbol (a free space holds no pirate). If no such space is free ahead of him, the pirate boards the ship.
• **Move back**: move one of your pirates back to the first space behind him holding 1 or 2 pirates of any colour; empty spaces and spaces with 3 are passed over. Draw 1 card if 1 pirate stood there, 2 if 2 did. You may not pass a space with 1 pirate to reach one with 2, and the start is never a target.
When the deck is empty, the discard pile is shuffled into a new deck.

## Jamaica and Tortuga
• **Jamaica**: your hand is hidden and you draw from the face-down deck.
• **Tortuga**: all hands lie open. 12 cards lie face up in a row, and you draw them in the row's order. When the row is empty, 12 new cards are laid out.

## The end
The first player with all six pirates on the ship wins at once. The final post ranks the others by pirates aboard, then by how far their other pirates came (the sum of their spaces).

## How the bot decides unclear cases
• The tunnel is laid out at random for each game and shown on the board.
• The start player is chosen at random.
• A pirate on the ship may move back.
• If deck and discards are both empty, you draw fewer cards. There is no hand limit.
• In Tortuga, when the deck cannot fill a new row, the discards are shuffled in; if still short, the row holds what there is. Whenever you must draw and the row is empty, a new row is laid out first (reshuffling the discards if needed), so a short row is filled again once cards have been played.
• A player who cannot do anything is skipped. If nobody can do anything any more, the game ends and is ranked as above.
• A player who resigns or is removed when his time runs out leaves with his pirates, and his cards go to the discards; the last player left wins.
• A card played forward can be taken back (Undo) until you move back or your turn ends: it showed nobody anything new. A move back that drew no card at all can be taken back too.`,

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
  'cartagena.event.resigned': '{player} is out of the game: their pirates left the tunnel and their cards went to the discard pile.',
  'cartagena.event.stalemate': 'Nobody can move any more.',
  'cartagena.status.turn': 'Turn {turn}: {player} to move, {actions} of 3 actions left.',
  'cartagena.status.turn.start': 'Turn {turn}: {player} to move.',
  'cartagena.status.over': 'The game is over.',
  'cartagena.status.won': '{player} won with all six pirates aboard.',
  'cartagena.status.won.lastLeft': '{player} won as the last player left.',
  'cartagena.status.stalemate': 'Nobody could move any more.',
  'cartagena.score': '{score} aboard',
  'cartagena.panel.title': '**Cartagena** ({variant}), turn {turn}',
  'cartagena.panel.hand': 'Your hand: {cards}',
  'cartagena.panel.hand.empty': 'Your hand: no cards.',
  'cartagena.panel.pirates': 'Your pirates {mark}: {pirates}',
  'cartagena.panel.your-turn': "It's your turn: {actions} of 3 actions left.",
  'cartagena.panel.out': 'You are out of this game.',
  'cartagena.panel.waiting': 'Waiting for {player}.',
  'cartagena.panel.forward': 'Play a card: move a pirate forward…',
  'cartagena.panel.back': 'Move a pirate back and draw cards…',
  'cartagena.panel.forward.label': '{symbol}: {from} → {to}',
  'cartagena.panel.forward.ship': '{count} of your 6 pirates aboard after this.',
  'cartagena.panel.forward.wins': 'Your last pirate boards the ship: you win.',
  'cartagena.panel.back.label': '{from} → {to}, draw {count}',
  'cartagena.panel.back.off-ship': 'You take a pirate off the ship.',
  'cartagena.panel.back.row': 'You draw {cards} from the open row.',
  'cartagena.panel.back.row.new': 'You draw {cards} and the first card of a new row.',
  'cartagena.panel.end': 'End turn',
  'cartagena.short.start': 'start',
  'cartagena.short.ship': 'ship',

  // --- Final ranking: how each place was made (pirates aboard are the score itself)
  'cartagena.breakdown.tunnel.one': '1 in the tunnel, on space {space}',
  'cartagena.breakdown.tunnel.many': '{count} in the tunnel, on spaces {spaces} = {sum}',
  'cartagena.breakdown.start': '{count} still at the start',

  // --- The board in words (its alt text)
  'cartagena.alt.aboard': 'Pirates aboard the ship: {list}.',
  'cartagena.alt.waiting': 'Before the tunnel: {list}.',
  'cartagena.alt.tunnel': 'In the tunnel: {list}.',
  'cartagena.alt.space': 'space {space} ({symbol}) {list}',

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
