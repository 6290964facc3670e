/**
 * The English message catalogue: every user-facing text of the bot. Keys are grouped by the part
 * of the bot that uses them. Placeholders are written {name} and filled by `t`.
 */
export const en = {
  // --- Slash commands (names are fixed; descriptions are shown in Discord's command picker)
  'command.game.description': 'Play a tabletop game in this channel',
  'command.game.new.description': 'Open a lobby for a new game',
  'command.game.new.game': 'Which game to play',
  'command.game.new.variant': 'Version or variant of the game',
  'command.game.panel.description': 'Show your private panel (hand and moves) for a game',
  'command.game.board.description': 'Show the current board of a game',
  'command.game.resign.description': 'Leave a running game for good',
  'command.game.cancel.description': 'Cancel a game (host or Manage Server)',
  'command.game.option.id': 'Game number (optional inside the game thread)',
  'command.games.description': 'List your running games in this server',
  'command.rules.description': 'Explain the rules of a game',
  'command.rules.game': 'Which game',

  // --- Refusals: always ephemeral, always change nothing
  'refusal.game-not-found': 'I cannot find that game. It may have been cancelled.',
  'refusal.unknown-game': 'I do not know that game. Pick one from the list.',
  'refusal.bad-options': 'Those settings are not valid for this game.',
  'refusal.not-in-lobby': 'This game has already started or is closed.',
  'refusal.already-joined': 'You are already in this lobby.',
  'refusal.lobby-full': 'This lobby is full.',
  'refusal.not-joined': 'You are not in this lobby.',
  'refusal.host-cannot-leave': 'You are the host: cancel the lobby instead of leaving it.',
  'refusal.not-host': 'Only the host (or a member with Manage Server) can do that.',
  'refusal.not-enough-players': 'Not enough players yet: this game needs at least {min}.',
  'refusal.not-a-player': 'You are not playing in this game.',
  'refusal.not-running': 'This game is not running any more.',
  'refusal.not-your-turn': 'It is not your turn.',
  'refusal.stale': 'The game has moved on since this panel was shown. Here is your current panel.',
  'refusal.illegal': 'That move is not allowed now.',
  'refusal.no-game-here': 'There is no game of yours here. Give the game number, or use /games to find your games.',
  'refusal.not-in-guild': 'Games can only be played in a server channel.',
  'refusal.unknown-component': 'This button is no longer in use.',
  'refusal.error': 'Something went wrong on my side; nothing was changed. Please try again.',

  // --- Lobby
  'lobby.title': '**{game}** ({variant}): a new game opened by {host}',
  'lobby.players': 'Players ({count}/{max}): {players}',
  'lobby.needs': 'Needs {min} to {max} players. Join, then the host starts the game.',
  'lobby.needs.exactly': 'Needs {count} players. Join, then the host starts the game.',
  'lobby.join': 'Join',
  'lobby.leave': 'Leave',
  'lobby.start': 'Start',
  'lobby.cancel': 'Cancel',
  'lobby.started': 'The game has started in {place}.',
  'lobby.cancelled': 'This game was cancelled by {user}.',
  'lobby.thread-name': '{game} #{id}',

  // --- Game posts and panels
  'post.header': '**{game}** #{id}',
  'post.your-turn': '{mentions}: your move.',
  'post.game-over': '**The game is over.**',
  'post.place': '{place}. {players} ({score})',
  'post.cancelled': 'This game was cancelled by {user}.',
  'post.open-panel': 'Open my panel',
  'post.started': 'The game begins! Players: {players}.',
  'panel.refresh': 'Refresh',
  'panel.spectator': 'You are not playing in this game; the board is public: use /game board.',
  'panel.more': '{placeholder} ({page}/{pages})',
  'board.caption': '{game} #{id}: {status}',
  'resign.done': 'You left the game.',
  'cancel.done': 'The game was cancelled.',
  'games.none': 'You have no running games in this server.',
  'games.header': 'Your games:',
  'games.line': '{game} #{id}: {state} {link}',
  'games.state.lobby': 'lobby, waiting to start',
  'games.state.your-turn': '**your move**',
  'games.state.waiting': 'waiting for {players}',

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
  'cartagena.event.skipped': '{player} cannot do anything and is skipped.',
  'cartagena.event.no-action-left': '{player} has no move left; the turn passes.',
  'cartagena.event.won': '🏆 {player} has all six pirates aboard and wins!',
  'cartagena.event.resigned': '{player} left the game; their pirates left the tunnel.',
  'cartagena.event.stalemate': 'Nobody can move any more: the game ends.',
  'cartagena.status.turn': 'Turn {turn}: {player} to move, {actions} of 3 actions left.',
  'cartagena.status.over': 'The game is over.',
  'cartagena.score': '{score} aboard',
  'cartagena.panel.title': '**Cartagena** ({variant}), turn {turn}',
  'cartagena.panel.hand': 'Your hand: {cards}',
  'cartagena.panel.hand.empty': 'Your hand: no cards.',
  'cartagena.panel.pirates': 'Your pirates: {pirates}',
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
  'cartagena.board.deck': 'Deck {count}',
  'cartagena.board.discard': 'Discard {count}',
  'cartagena.board.turn': 'Turn {turn}',
  'cartagena.board.cards': '{count} cards',
  'cartagena.board.card': '{count} card',
  'cartagena.board.actionsLeft': 'Actions left: {count}',
  'cartagena.board.winner': '{name} wins!',
  'cartagena.board.winnerTag': 'Winner',
  'cartagena.board.stalemate': 'Game over: nobody can move',

  // --- Shanghaien
  'rules.shanghaien': `**Shanghaien** (2 players): two captains dice for the sailors in a harbour tavern. Over 8 rounds, build the strongest crew of each nationality.

**The tavern**: each round 6 cards lie in a row: sailors of 8 nationalities (worth 1, 2, 3, 3 or 4) and dirty-trick cards. The cards are numbered 1 to 6: after his first roll of the round, the start player chooses which end is card 1.
**Your turn**: do one of these.
• **Roll** (needs 2 dice in your supply; you have 6): roll 2 dice and place one at the card with its number, on your side of the row. The other die goes back.
• **Shanghai** (once you have placed 2 dice this round; you must when fewer than 2 are left in your supply): the round ends and the cards are handed out.
**Handing out**: a card without dice is removed. Dice of one player only: his card. Dice of both: more dice wins. Equal dice: the player with more pips on the neighbouring cards (his own dice on the cards left and right of it) wins; still equal: removed. The dice come back, 6 new cards are laid out, and the other player starts the next round.
**Dirty tricks**: trick cards you win are kept apart. Once per round, right after your own roll, you may play one, and choose how:
• its die effect: **±1** (change one die by 1, within 1 to 6, and place it), **place both dice**, or **roll again** (roll both dice anew; the new roll stands);
• or as a **joker**: it joins a nationality you already have a sailor of, counting as a sailor worth 2 until the end.
A trick card played for its die effect leaves the game.
**Scoring** after round 8, per nationality: if both have sailors of it, the higher sum scores the lower sum (equal sums: nobody scores); if only one player has it, he scores his sum. Each unused trick card is worth 1 point. Most points wins.

**How this bot decides unclear cases**
• The rulebook names seven nationalities; the eighth is the British (purple).
• The 8 trick cards: 3 × ±1, 3 × place both dice, 2 × roll again.
• The first start player is drawn at random. Then the opponent of whoever shanghaied starts the next round (so a start player who gets shanghaied starts again).
• A joker is worth 2 and needs a real sailor of that nationality in your crew. It is your trick of the round; you then place a die as usual.
• Roll again and the joker may be played before the row is numbered; ±1 and place both come after the numbering.
• Trick cards won in round 8 cannot be played any more; they score 1 point each.
• Equal totals share the first place.
• A player who resigns loses at once; the other player wins.`,
  'game.shanghaien.name': 'Shanghaien',
  'shanghaien.variant.standard': 'Standard',
  'shanghaien.variant.standard.about': '2 players, 8 rounds, 8 nationalities',
  'shanghaien.score': '{score} points',
  'shanghaien.nation.american': 'American',
  'shanghaien.nation.french': 'French',
  'shanghaien.nation.german': 'German',
  'shanghaien.nation.chinese': 'Chinese',
  'shanghaien.nation.dutch': 'Dutch',
  'shanghaien.nation.spanish': 'Spanish',
  'shanghaien.nation.italian': 'Italian',
  'shanghaien.nation.british': 'British',
  'shanghaien.trick.adjust': '±1',
  'shanghaien.trick.place-both': 'place both dice',
  'shanghaien.trick.reroll': 'roll again',
  'shanghaien.card.sailor': '{flag} {nation} {value}',
  'shanghaien.card.trick': '🃏 dirty trick “{effect}”',
  'shanghaien.end.left': 'left',
  'shanghaien.end.right': 'right',
  'shanghaien.event.round': '**Round {round} of {rounds}**: {player} starts. The tavern, left to right: {cards}.',
  'shanghaien.event.rolled': '🎲 {player} rolled {a} and {b}.',
  'shanghaien.event.oriented': '{player} numbered the row: the {end} end is card 1.',
  'shanghaien.event.oriented.card': '{player} numbered the row: the {end} end ({card}) is card 1.',
  'shanghaien.event.placed': '{player} placed a {pips} at card {pips} ({card}).',
  'shanghaien.event.adjust': '🃏 {player} played a dirty trick “±1”: the {from} became a {to}.',
  'shanghaien.event.place-both': '🃏 {player} played a dirty trick “place both dice”: the {a} and the {b}.',
  'shanghaien.event.reroll': '🃏 {player} played a dirty trick “roll again” and rolled {a} and {b}.',
  'shanghaien.event.joker': '🃏 {player} laid a dirty trick “{effect}” as a joker: a {flag} {nation} sailor worth 2.',
  'shanghaien.event.shanghai': '⚓ **{player} shanghais** and ends round {round}:',
  'shanghaien.event.shanghai.forced': '⚓ **{player} must shanghai** (fewer than 2 dice left) and ends round {round}:',
  'shanghaien.event.card.no-dice': '• Card {position} ({card}): no dice, removed.',
  'shanghaien.event.card.only-dice': '• Card {position} ({card}) → **{player}**, the only one with dice there.',
  'shanghaien.event.card.more-dice': '• Card {position} ({card}) → **{player}**: more dice, {a} to {b}.',
  'shanghaien.event.card.neighbour-pips': '• Card {position} ({card}) → **{player}**: dice tied {dice} to {dice}, more pips on the neighbouring cards, {a} to {b}.',
  'shanghaien.event.card.tie': '• Card {position} ({card}): dice tied {dice} to {dice}, neighbour pips tied {pips} to {pips}: removed.',
  'shanghaien.event.final': '**Final scoring**',
  'shanghaien.event.score.alone': '• {flag} {nation}: only {player} has them and scores {points}.',
  'shanghaien.event.score.stronger': '• {flag} {nation}: {winner} {high} beats {loser} {low} and scores {points}.',
  'shanghaien.event.score.tie': '• {flag} {nation}: tied at {sum}, nobody scores.',
  'shanghaien.event.score.tricks': '• 🃏 Unused dirty tricks, 1 point each: {tricks}.',
  'shanghaien.event.score.totals': 'Total: {totals}.',
  'shanghaien.event.resigned': '{player} left the game; {winner} wins.',
  'shanghaien.status.roll': 'Round {round} of {rounds}: {player} to roll. Dice in supply: {supply}.',
  'shanghaien.status.roll-or-shanghai': 'Round {round} of {rounds}: {player} to roll or shanghai. Dice in supply: {supply}.',
  'shanghaien.status.must-shanghai': 'Round {round} of {rounds}: {player} has fewer than 2 dice left and must shanghai.',
  'shanghaien.status.rolled': 'Round {round} of {rounds}: {player} rolled {a} and {b}.',
  'shanghaien.status.over': 'The game is over.',
  'shanghaien.panel.title': '**Shanghaien**, round {round} of {rounds}',
  'shanghaien.panel.row': '**The tavern** (card: dice of you · {opponent}):',
  'shanghaien.panel.row.unnumbered': '**The tavern**, left to right. Not numbered yet: {player} chooses which end is card 1 after the first roll.',
  'shanghaien.panel.slot': '**{position}** {card}: {dice}',
  'shanghaien.panel.slot.dice': 'you {mine} · {opponent} {theirs}',
  'shanghaien.panel.slot.no-dice': 'no dice',
  'shanghaien.panel.slot.left': '(left end)',
  'shanghaien.panel.slot.right': '(right end)',
  'shanghaien.panel.supply': 'Your dice: {supply} in supply, {placed} placed.',
  'shanghaien.panel.crew': 'Your crew: {crew}',
  'shanghaien.panel.crew.opponent': "{player}'s crew: {crew}",
  'shanghaien.panel.crew.empty': 'nobody yet',
  'shanghaien.panel.crew.joker': 'joker',
  'shanghaien.panel.tricks': 'Your dirty tricks: {tricks}.',
  'shanghaien.panel.tricks.none': 'Your dirty tricks: none.',
  'shanghaien.panel.trick.used': 'You have played your dirty trick this round.',
  'shanghaien.panel.trick.free': 'Dirty trick this round: not played yet (one per round, right after your roll).',
  'shanghaien.panel.your-turn': "It's your turn: roll 2 dice, or shanghai to end the round.",
  'shanghaien.panel.your-turn.roll-only': "It's your turn: roll 2 dice.",
  'shanghaien.panel.your-turn.forced': "It's your turn: fewer than 2 dice left in your supply, so you must shanghai.",
  'shanghaien.panel.your-turn.orient': "It's your turn: you rolled {a} and {b}. First choose which end of the row is card 1.",
  'shanghaien.panel.your-turn.place': "It's your turn: you rolled {a} and {b}. Place one die at the card with its number; the other goes back.",
  'shanghaien.panel.waiting': 'Waiting for {player}.',
  'shanghaien.panel.over': 'The game is over. Final score: {totals}.',
  'shanghaien.panel.roll': 'Roll 2 dice',
  'shanghaien.panel.shanghai': 'Shanghai: end the round',
  'shanghaien.panel.orient': 'Card 1 = {end} end: {card}',
  'shanghaien.panel.place': 'Place the {pips} → card {pips}: {card}',
  'shanghaien.panel.place-both': 'Trick: place both ({a} and {b})',
  'shanghaien.panel.reroll': 'Trick: roll both dice again',
  'shanghaien.panel.adjust.placeholder': 'Dirty trick ±1: change a die by 1 and place it…',
  'shanghaien.panel.adjust': '{from} → {to}: card {to}, {card}',
  'shanghaien.panel.adjust.description': 'Spends your ±1 card; the {to} goes to card {to}, the other die back.',
  'shanghaien.panel.joker.placeholder': 'Dirty trick as a joker (a sailor worth 2)…',
  'shanghaien.panel.joker': 'Joker for {nation}: {sum} → {next}, using “{effect}”',
  'shanghaien.panel.joker.description': 'Lays that dirty trick as a {nation} sailor worth 2 for good; then place a die.',

  // --- Shanghaien board image
  'shanghaien.board.round': 'Round {round} of {rounds}',
  'shanghaien.board.deck': 'Deck {count}',
  'shanghaien.board.unnumbered': 'Not numbered yet: {player} picks card 1 after the first roll',
  'shanghaien.board.supply': '{count} in supply',
  'shanghaien.board.rolled': 'Rolled',
  'shanghaien.board.to-move': 'To move',
  'shanghaien.board.starts': 'Starts',
  'shanghaien.board.trick-used': 'Trick used',
  'shanghaien.board.trick': 'Dirty trick',
  'shanghaien.board.trick.adjust': 'Adjust die',
  'shanghaien.board.trick.place-both': 'Place both',
  'shanghaien.board.trick.reroll': 'Roll again',
  'shanghaien.board.or-joker': 'or joker = 2',
  'shanghaien.board.tricks': 'Tricks',
  'shanghaien.board.distribution': 'Round {round}: {player} shanghaied',
  'shanghaien.board.reason.no-dice': 'no dice',
  'shanghaien.board.reason.only-dice': 'only dice',
  'shanghaien.board.reason.more-dice': 'more dice',
  'shanghaien.board.reason.neighbour-pips': 'neighbours {a}:{b}',
  'shanghaien.board.reason.tie': 'tie {a}:{b}',
  'shanghaien.board.removed': 'Removed',
  'shanghaien.board.final': 'Final scoring',
  'shanghaien.board.sum': 'Sum',
  'shanghaien.board.points': 'Points',
  'shanghaien.board.total': 'Total',
  'shanghaien.board.unused-tricks': 'Unused tricks',
  'shanghaien.board.winner': '{name} wins {a} : {b}!',
  'shanghaien.board.draw': 'A draw, {a} : {b}!',
  'shanghaien.board.resigned': '{name} resigned: {winner} wins',
  'shanghaien.board.joker': 'J',
} as const;

export type MessageKey = keyof typeof en;
