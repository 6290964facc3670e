/** Freibeuter's English texts: its part of the message catalogue (see src/games/catalogues.ts). */
export const freibeuterEn = {
  // --- Freibeuter
  'rules.freibeuter': `**Freibeuter** (2 to 4 players): pirates spread their boats over a 7 × 7 sea, surround the ships lying between the fields and take them, paying everyone who helped. The richest pirate at the end wins.

## Setup
**The sea**: fields A1 to G7 (rows A-G, columns 1-7). An edge field holds one boat, an inner field two. On the 36 crossings between the fields lie 36 face-up tokens, shuffled: 28 ships (seven each worth 5, 10, 15 and 20; their small number, a fifth of the value, is what the boarder pays per helping boat), 4 pirate treasures and 4 double-value tokens.
**Each player** starts with 25 boats, 20 treasure, 4 sea cards and 1 Dutchman card. Hands are secret; treasure, ships and loans are open. A random player begins.

## Your turn
Do one of these:
• **Board a ship**: put a boat from your supply on a ship that has none. No card, no draw. On the board every ship carries its number (1 to 36, row by row), and your panel names the free ships by it, with where they lie, value and payment: "Ship 17 at C5-D6 · 15/3".
• **Play a sea card**: put a boat on that field. If a boat already lies there, you may take 2 treasure from the bank instead.
• **Play a Dutchman card**: put the Flying Dutchman on an empty field of that row or column, only where he closes a ring. He leaves again after the move.
After a card you draw one back to five: a sea card or a Dutchman card, as you like. You must always keep a sea card.

## Rings and loans
A token whose four fields all hold a boat or the Dutchman is taken off:
• A ship nobody boarded escapes.
• A boarded ship: its boarder pays every other player its small number per boat of theirs around it (the Dutchman earns nothing), takes the ship and gets his boarding boat back; the boats around it stay.
• A pirate treasure: every player gets 2 per boat of his around it.
• A double-value token: ships of its value count double at the end, for everyone.
**Loans**: a boarder who cannot pay borrows the rest from the bank and lays a boat aside as a marker (lost for good). Each loan is repaid twice at the end.

## The end and the score
The game ends at once when the last pirate treasure is taken, when someone must or wants to draw a sea card from an empty pile, or when a player starts his turn with no boat in supply.
Score: treasure + ships (doubled where their token was taken) − 2 × loans. The highest score wins.

## How the bot decides unclear cases
• The tokens are shuffled and laid out on the crossings at random; the first player is drawn by lot.
• Treasure is a number and the bank never runs out. Everybody's treasure, ships and loans are shown; only hands are secret.
• Several tokens closed at once: the bot works out every order. When they do not all end the same for everyone (treasure, loans, boats lost as markers), you choose: one choice per different result, each showing what it leads to (a pirate treasure paid first may spare a loan; two captures by one player may need one loan or two). Otherwise they are resolved row by row, left to right.
• Helpers are paid in seat order from the boarder's left. Each capture that cannot be paid in full is one loan; with no boat left to mark it the loan is still taken.
• The move that takes the last pirate treasure is finished first: every token it closed is resolved, in the order you choose where that matters; then nobody draws and the game ends.
• When the draw leaves no choice (no sea card in hand, or the Dutchman pile is empty) the bot draws a sea card for you; it never makes any other choice for you, even an only one. You may choose a sea card from an empty pile: that ends the game. Played cards never return.
• A card played and an order chosen can be taken back (Undo) until you draw; boarding a ship passes the turn at once.
• Ties share the place.
• A player who resigns or is removed when his time runs out: his boats stay on the sea and still help close rings, but he is paid nothing more; his boarding boats come home, so those ships can escape. The game ends when one player is left, who wins; players who left rank last.`,
  'game.freibeuter.name': 'Freibeuter',
  'freibeuter.variant.standard': 'Standard',
  'freibeuter.variant.standard.about': '2-4 players, the 7 × 7 sea with 36 tokens',
  'freibeuter.score': '{score} points',
  'freibeuter.score.one': '{score} point',
  'freibeuter.line.row': 'row {line}',
  'freibeuter.line.column': 'column {line}',
  'freibeuter.and': '{list} and {last}',
  'freibeuter.event.start': 'The tokens are shuffled onto the sea and everybody gets 4 sea cards and a Dutchman card. {player} begins (drawn by lot).',
  'freibeuter.event.boarded': '{emoji} {player} boards ship {label} at {point} (worth {value}, pays {per} per boat).',
  'freibeuter.event.placed': '{emoji} {player} puts a boat on {field}.',
  'freibeuter.event.treasure': '{emoji} {player} plays {field}, where a boat already lies, and takes {amount} treasure.',
  'freibeuter.event.dutchman': '{emoji} {player} plays the Dutchman card of {line}: the Flying Dutchman sails to {field}.',
  'freibeuter.event.encircled.one': 'The ring around {points} is closed.',
  'freibeuter.event.encircled': 'The rings around {points} are closed.',
  'freibeuter.event.order': '{player} chooses the order for {points}.',
  'freibeuter.event.escaped': '{emoji} The ship at {point} ({value}) had nobody aboard and escapes.',
  'freibeuter.event.captured': '{emoji} **{player} takes the ship at {point} ({value})**, paying {per} per boat: {payments}.',
  'freibeuter.event.captured.free': '{emoji} **{player} takes the ship at {point} ({value})**; nobody else has a boat around it.',
  'freibeuter.event.credit':
    '{emoji} {player} cannot pay it all and borrows {amount} from the bank (a boat is laid aside as a marker; {repay} to repay at the end).',
  'freibeuter.event.credit.no-marker':
    '{emoji} {player} cannot pay it all and borrows {amount} from the bank ({repay} to repay at the end; no boat left to mark it).',
  'freibeuter.event.pirate': '{emoji} **Pirate treasure at {point}**: {shares}. {left}',
  'freibeuter.event.pirate.nobody': '{emoji} **Pirate treasure at {point}**: nobody still playing has a boat around it. {left}',
  'freibeuter.event.pirate.left': '{count} pirate treasures left.',
  'freibeuter.event.pirate.left.one': '1 pirate treasure left.',
  'freibeuter.event.pirate.last': 'That was the last one: this move ends the game.',
  'freibeuter.event.double': '{emoji} The double-value token at {point} is taken: ships worth {value} count double at the end.',
  'freibeuter.event.dutchman-gone': 'The Flying Dutchman leaves {field}.',
  'freibeuter.event.drew.sea': '{player} draws a sea card.',
  'freibeuter.event.drew.sea.forced': '{player} draws a sea card (no choice).',
  'freibeuter.event.drew.dutchman': '{player} draws a Dutchman card.',
  'freibeuter.event.resigned': '{player} leaves the game; the boats on the sea stay, and {count} boarding boats go home, so those ships are free again.',
  'freibeuter.event.resigned.one': '{player} leaves the game; the boats on the sea stay, and the boarding boat goes home, so that ship is free again.',
  'freibeuter.event.resigned.none': '{player} leaves the game; the boats on the sea stay and still help close rings.',
  'freibeuter.event.resigned.last': '{player} leaves the game.',
  'freibeuter.event.over.pirates': '🏁 The last pirate treasure is gone: that ends the game.',
  'freibeuter.event.over.sea': '🏁 {player} goes to draw a sea card, but the pile is empty: that ends the game.',
  'freibeuter.event.over.boats': '🏁 {player} starts a turn with no boat left: that ends the game.',
  'freibeuter.event.over.last': '🏁 {player} is the only one left and wins.',
  'freibeuter.status.turn': 'Turn {turn}, {player} to move · {pirates} · sea pile {sea}.',
  'freibeuter.status.pirates': '{count} pirate treasures left',
  'freibeuter.status.pirates.one': '1 pirate treasure left',
  'freibeuter.status.order': 'Turn {turn}, {player} chooses the order in which the closed rings are paid out.',
  'freibeuter.status.draw': 'Turn {turn}, {player} draws back to five cards.',
  'freibeuter.status.won': '{player} won the game.',
  'freibeuter.status.shared': '{players} share the win.',
  'freibeuter.status.last': '{player} won the game, as everyone else left.',
  'freibeuter.breakdown.treasure': '{amount} treasure',
  'freibeuter.breakdown.treasure.one': '1 treasure',
  'freibeuter.breakdown.no-ships': '{treasure}, no ships',
  'freibeuter.breakdown.ships': '{worth} in ships ({list})',
  'freibeuter.breakdown.doubled': '{ships} doubled',
  'freibeuter.breakdown.loan': '2 × {total} loan',
  'freibeuter.breakdown.loans': '2 × {total} loans ({list})',
  'freibeuter.panel.title': '**Freibeuter**, turn {turn} · sea pile {sea} · Dutchman pile {dutchman} · {pirates}',
  'freibeuter.panel.you': 'You: {treasure} · ⛵ {boats} ({onSea} on the sea, {onShips} on ships) · {ships} · score now **{score}**',
  'freibeuter.panel.treasure': '🪙 **{count}** treasure',
  'freibeuter.panel.treasure.one': '🪙 **1** treasure',
  'freibeuter.panel.boats': '{count} boats in supply',
  'freibeuter.panel.boats.one': '1 boat in supply',
  'freibeuter.panel.ships': 'ships taken {ships}',
  'freibeuter.panel.ships.none': 'no ships taken yet',
  'freibeuter.panel.loan': '· loan {total} (−{repay} at the end)',
  'freibeuter.panel.loans': '· loans {total} (−{repay} at the end)',
  'freibeuter.panel.ship.doubled': '{value} (doubled)',
  'freibeuter.panel.none': 'none',
  'freibeuter.panel.hand': 'Your hand: sea cards {sea} · Dutchman cards {dutchman}',
  'freibeuter.panel.others': 'Others: {others}',
  'freibeuter.panel.other': '{player} 🪙{treasure} ⛵{boats} ships {ships} (score {score})',
  'freibeuter.panel.other.left': '{player} (left)',
  'freibeuter.panel.doubles': 'Counting double at the end: ships worth {values}.',
  'freibeuter.panel.over': '{result} Final score: {scores}.',
  'freibeuter.panel.score.left': '{player} {score} (left)',
  'freibeuter.panel.left': 'You left this game.',
  'freibeuter.panel.waiting': '⏳ {status}',
  'freibeuter.panel.turn.main':
    "It's your turn: board a ship (no card, no draw), play a sea card to put a boat on its field (or take 2 treasure where a boat already lies), or play a Dutchman card where he closes a ring. After a card you draw back to five.",
  'freibeuter.panel.turn.order':
    "It's your turn: your move closed rings whose order matters (whoever pays first may have to borrow). Choose the one paid out next.",
  'freibeuter.panel.turn.order.outcomes': "It's your turn: your move closed several rings, and their order changes what happens. Choose one:",
  'freibeuter.panel.order.line': '• {order}: {outcome}.',
  'freibeuter.panel.order.placeholder': 'Choose the order of the rings…',
  'freibeuter.order.first': 'First {token}',
  'freibeuter.order.then': '{order}, then {token}',
  'freibeuter.order.token.pirate': 'the pirate treasure at {point}',
  'freibeuter.order.token.ship': "{player}'s ship at {point}",
  'freibeuter.order.token.yours': 'your ship at {point}',
  'freibeuter.outcome.clear': '{player} needs no loan and is left with {treasure}',
  'freibeuter.outcome.clear.you': 'you need no loan and are left with {treasure}',
  'freibeuter.outcome.loans': '{player} borrows {amount} ({loans}) and is left with {treasure}',
  'freibeuter.outcome.loans.you': 'you borrow {amount} ({loans}) and are left with {treasure}',
  'freibeuter.outcome.loan.one': '1 loan',
  'freibeuter.outcome.loan.many': '{count} loans',
  'freibeuter.outcome.unmarked': '{loans}, {count} without a marker boat',
  'freibeuter.panel.turn.draw': "It's your turn: draw back to five cards. Sea pile {sea}, Dutchman pile {dutchman}.",
  'freibeuter.panel.turn.draw.empty': 'The sea pile is empty: drawing a sea card ends the game at once.',
  'freibeuter.panel.board': 'Ship {label} at {point} · {value}/{per}',
  'freibeuter.panel.board.description': '{taken} of 4 taken · you pay {per} per other boat, {total} now',
  'freibeuter.panel.board.placeholder': 'Board a ship (no card, no draw)…',
  'freibeuter.panel.board.range': 'Board a ship, numbers {from}–{to} (no card, no draw)…',
  'freibeuter.panel.place': 'Put a boat on {field}',
  'freibeuter.panel.take': 'Play {field} for 2 treasure',
  'freibeuter.panel.dutchman': 'Sail the Dutchman ({line}) to {field}',
  'freibeuter.panel.closes': 'Closes {effects}',
  'freibeuter.panel.field.border': 'An edge field: your boat fills it',
  'freibeuter.panel.field.one': "Beside {player}'s boat; that fills the field",
  'freibeuter.panel.field.own': 'Beside your own boat; that fills the field',
  'freibeuter.panel.sea.placeholder': 'Play a sea card…',
  'freibeuter.panel.dutchman.placeholder': 'Play a Dutchman card…',
  'freibeuter.panel.cards.placeholder': 'Play a sea or Dutchman card…',
  'freibeuter.panel.all.placeholder': 'Choose your move…',
  'freibeuter.panel.draw.sea': 'Draw a sea card ({count} left)',
  'freibeuter.panel.draw.sea.end': 'Draw a sea card: ends the game',
  'freibeuter.panel.draw.sea.confirm': 'The sea pile is empty. End the game now by drawing from it?',
  'freibeuter.panel.draw.dutchman': 'Draw a Dutchman card ({count} left)',
  'freibeuter.effect.escape': '{point}: ship {value} escapes',
  'freibeuter.effect.capture.you': '{point}: you take ship {value}, pay {amount}',
  'freibeuter.effect.capture.paid': '{point}: {player} takes ship {value}, pays you {amount}',
  'freibeuter.effect.capture': '{point}: {player} takes ship {value}, pays {total}',
  'freibeuter.effect.pirate': '{point}: pirate treasure',
  'freibeuter.effect.pirate.you': '{point}: pirate treasure, you get {amount}',
  'freibeuter.effect.double': '{point}: ships {value} count double',
  'freibeuter.alt.points': 'Points: {list}.',
  'freibeuter.alt.ship': 'Ship {label} at {point} ({value}/{per})',
  'freibeuter.alt.no-boats': 'no boats around',
  'freibeuter.alt.boarded': '; boarded by {player}',
  'freibeuter.board.turn': 'Turn {turn}',
  'freibeuter.board.wins': 'wins with {score} points',
  'freibeuter.board.share': 'share the win with {score} points',
  'freibeuter.board.end.pirates': 'The last pirate treasure is gone',
  'freibeuter.board.end.sea': 'The sea pile ran out',
  'freibeuter.board.end.boats': '{player} has no boats left',
  'freibeuter.board.end.last': 'Everyone else left',
  'freibeuter.board.to-move': 'to move',
  'freibeuter.board.to-order': 'chooses the order',
  'freibeuter.board.to-draw': 'draws a card',
  'freibeuter.board.boats-left': 'boats',
  'freibeuter.board.left': 'Left',
  'freibeuter.board.no-ships': 'no ships yet',
  'freibeuter.board.loan': 'Loan {total} (−{repay} at the end)',
  'freibeuter.board.loans': 'Loans {total} (−{repay} at the end)',
  'freibeuter.board.sum': '{treasure} treasure + {ships} ships = {score}',
  'freibeuter.board.sum.loans': '{treasure} treasure + {ships} ships − {repay} loans = {score}',
  'freibeuter.board.sea-pile': 'sea pile',
  'freibeuter.board.dutchman-pile': 'Dutchman',
  'freibeuter.board.pirates': 'treasures',
  'freibeuter.board.escaped': 'escaped',
  'freibeuter.board.doubles': 'Doubled:',
  'freibeuter.board.legend.changed': 'White: the last turn; in colour: the turns before',
  'freibeuter.board.legend.ship': 'Ship: its number, value / pay per boat',
  'freibeuter.board.legend.boat': 'Edge field 1 boat, inner 2',
  'freibeuter.board.legend.dutchman': 'The Flying Dutchman',
  'freibeuter.board.legend.pirate': 'Pirate treasure: 2 per boat',
  'freibeuter.board.legend.double': 'Double value: those ships count double',
} as const;
