/** Shanghaien's English texts: its part of the message catalogue (see src/games/catalogues.ts). */
export const shanghaienEn = {
  // --- Shanghaien
  'rules.shanghaien': `**Shanghaien** (2 players): two captains dice for the sailors in a harbour tavern. Over 8 rounds, build the strongest crew of each nationality.

**The tavern**: each round 6 cards lie in a row: sailors of 8 nationalities (worth 1, 2, 3, 3 or 4) and dirty-trick cards. The cards are numbered 1 to 6: right after his first roll of the round, the start player chooses which end is card 1.
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
• The start player numbers the row right after his first roll of the round, before any dirty trick (roll again and the joker too). Games started before this ruling keep their old order: roll again and the joker could come before the numbering.
• The two of you sit on opposite sides of the row: the board is drawn from the side of the player to act (his dice below the cards), and "left" and "right" always mean as that player sees the row.
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
  'shanghaien.event.round': "**Round {round} of {rounds}**: {player} starts. The tavern, left to right from {player}'s side: {cards}.",
  'shanghaien.event.rolled': '🎲 {player} rolled {a} and {b}.',
  'shanghaien.event.oriented': "{player} numbered the row: the {end} end from {player}'s side is card 1.",
  'shanghaien.event.oriented.card': "{player} numbered the row: the {end} end from {player}'s side ({card}) is card 1.",
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
  'shanghaien.panel.row.unnumbered': '**The tavern**, left to right from your side. Not numbered yet: {player} chooses which end is card 1 after the first roll.',
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
  'shanghaien.panel.trick.after-numbering': 'You may play your dirty trick once the row is numbered.',
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
