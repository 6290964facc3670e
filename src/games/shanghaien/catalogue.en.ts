/** Shanghaien's English texts: its part of the message catalogue (see src/games/catalogues.ts). */
export const shanghaienEn = {
  // --- Shanghaien
  'rules.shanghaien': `**Shanghaien** (2 players): two captains dice for the sailors in a harbour tavern. Over 8 rounds each builds a crew of sailors of 8 nationalities; at the end the stronger crew of each nationality scores the weaker crew's sum.

## The tavern
Each round 6 cards lie face up in a row: sailors (each nationality has five, worth 1, 2, 3, 3 and 4) and dirty tricks. The cards are numbered 1 to 6: right after his first roll of the round, the start player chooses which end is card 1. Each player has 6 dice in his supply.

## Your turn
Do one of these:
• **Roll** (needs 2 dice in your supply): roll 2 dice and place one at the card with its number, on your side of the row. The other die goes back.
• **Shanghai** (once you have placed 2 dice this round; you must when fewer than 2 are left in your supply): the round ends and the cards are handed out.

## Handing out the cards
• A card without dice leaves the game.
• Dice of one player only: the card is his.
• Dice of both: more dice wins.
• As many dice each: whoever has more pips on the neighbouring cards (his own dice at the cards left and right of it; an end card has one neighbour) wins; still equal: the card leaves the game.
Sailors join your crew; dirty tricks are kept apart. The dice come back, 6 new cards are laid out, and the other player starts the next round.

## Dirty tricks
Once per round, right after your own roll, you may play one of your dirty tricks, in one of two ways:
• its die effect: **±1** (change one die by 1, within 1 to 6, and place it), **place both dice**, or **roll again** (roll both dice anew; the new roll stands). The card then leaves the game.
• as a **joker**: it joins a nationality you already have a sailor of and counts as a sailor worth 2 until the end.

## Scoring
After round 8, per nationality: if only one player has sailors of it, he scores his sum; if both have, the higher sum scores the lower sum; equal sums: nobody scores. Each unused dirty trick is worth 1 point. Most points wins.
The rulebook's example: Marc wins with 8 points: 6 (Americans) + 1 (Chinese) + 1 (dirty trick).

## How the bot decides unclear cases
• The rulebook names seven nationalities; the eighth is the British (purple).
• The 8 dirty tricks: 3 × ±1, 3 × place both dice, 2 × roll again.
• The first start player is drawn at random. Then the opponent of whoever shanghaied starts the next round (so a start player who gets shanghaied starts again).
• A joker is worth 2 and needs a real sailor of that nationality in your crew. It is your dirty trick of the round; you then place a die as usual.
• The start player numbers the row right after his first roll of the round, before any dirty trick (roll again and the joker too).
• The two of you sit on opposite sides of the row. The board always shows it from the same side: the first player's dice above the cards, the second player's below them. In the texts "left" and "right" mean as the player concerned sees the row.
• Dirty tricks won in round 8 cannot be played any more; they score 1 point each.
• Equal totals share the first place.
• A player who resigns or is removed when his time runs out loses at once; the other player wins.`,
  'game.shanghaien.name': 'Shanghaien',
  'shanghaien.variant.standard': 'Standard',
  'shanghaien.variant.standard.about': '2 players, 8 rounds, 8 nationalities',
  'shanghaien.score': '{score} points',
  'shanghaien.score.one': '{score} point',
  // One sailor of a nationality (a card): people, as the rulebook names them.
  'shanghaien.nation.american': 'American',
  'shanghaien.nation.french': 'Frenchman',
  'shanghaien.nation.german': 'German',
  'shanghaien.nation.chinese': 'Chinese',
  'shanghaien.nation.dutch': 'Dutchman',
  'shanghaien.nation.spanish': 'Spaniard',
  'shanghaien.nation.italian': 'Italian',
  'shanghaien.nation.british': 'Brit',
  // A crew of a nationality: the people in the plural.
  'shanghaien.nation.american.many': 'Americans',
  'shanghaien.nation.french.many': 'French',
  'shanghaien.nation.german.many': 'Germans',
  'shanghaien.nation.chinese.many': 'Chinese',
  'shanghaien.nation.dutch.many': 'Dutch',
  'shanghaien.nation.spanish.many': 'Spaniards',
  'shanghaien.nation.italian.many': 'Italians',
  'shanghaien.nation.british.many': 'Brits',
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
  'shanghaien.event.adjust': '🃏 {player} played the dirty trick “±1”: the {from} became a {to}.',
  'shanghaien.event.place-both': '🃏 {player} played the dirty trick “place both dice”.',
  'shanghaien.event.reroll': '🃏 {player} played the dirty trick “roll again” and rolled {a} and {b}.',
  'shanghaien.event.joker': '🃏 {player} laid the dirty trick “{effect}” as a joker with the {flag} {nations}: it counts as a sailor worth 2.',
  'shanghaien.event.shanghai': '⚓ **{player} shanghais** and ends round {round}:',
  'shanghaien.event.shanghai.forced': '⚓ **{player} must shanghai** (fewer than 2 dice left) and ends round {round}:',
  'shanghaien.event.card.no-dice': '• Card {position} ({card}): no dice, removed.',
  'shanghaien.event.card.only-dice': '• Card {position} ({card}) → **{player}**, the only one with dice there.',
  'shanghaien.event.card.more-dice': '• Card {position} ({card}) → **{player}**: more dice, {a} to {b}.',
  'shanghaien.event.card.neighbour-pips':
    '• Card {position} ({card}) → **{player}**: dice tied {dice} to {dice}, more pips on the neighbouring cards, {a} to {b}.',
  'shanghaien.event.card.tie': '• Card {position} ({card}) is removed: dice tied {dice} to {dice}, neighbour pips tied {pips} to {pips}.',
  'shanghaien.event.final': '**Final scoring**',
  'shanghaien.event.score.alone': '• {flag} {nations}: only {player} has them and scores {points}.',
  'shanghaien.event.score.stronger': '• {flag} {nations}: {winner} {high} beats {loser} {low} and scores {points}.',
  'shanghaien.event.score.tie': '• {flag} {nations}: tied at {sum}, nobody scores.',
  'shanghaien.event.score.tricks': '• 🃏 Unused dirty tricks, 1 point each: {tricks}.',
  'shanghaien.event.resigned': '{player} is out of the game: {winner} is the only captain left and wins.',
  // A seat's final score as the rulebook adds it up: "6 (Americans) + 1 (Chinese) + 1 (dirty trick)".
  'shanghaien.breakdown.nation': '{points} ({nations})',
  'shanghaien.breakdown.tricks': '{count} (dirty tricks)',
  'shanghaien.breakdown.tricks.one': '1 (dirty trick)',
  'shanghaien.status.roll': 'Round {round} of {rounds}, {player} to roll. Dice in supply: {supply}.',
  'shanghaien.status.roll-or-shanghai': 'Round {round} of {rounds}, {player} to roll or shanghai. Dice in supply: {supply}.',
  'shanghaien.status.must-shanghai': 'Round {round} of {rounds}: {player} has fewer than 2 dice left and must shanghai.',
  'shanghaien.status.rolled': 'Round {round} of {rounds}: {player} rolled {a} and {b}.',
  'shanghaien.status.over': 'The game is over: {player} wins with {a} to {b}.',
  'shanghaien.status.over.draw': 'The game is over: a draw, {a} to {b}.',
  'shanghaien.status.over.resigned': '{player} is out of the game: {winner} wins.',
  'shanghaien.panel.title': '**Shanghaien**, round {round} of {rounds}',
  'shanghaien.panel.row': "**The tavern**, card by card with your dice and {opponent}'s:",
  'shanghaien.panel.row.unnumbered':
    '**The tavern**, left to right from your side. Not numbered yet: {player} chooses which end is card 1 after the first roll.',
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
  'shanghaien.panel.over.resigned': '{player} is out of the game: {winner} wins. Points at that moment: {totals}.',
  'shanghaien.panel.roll': 'Roll 2 dice',
  'shanghaien.panel.shanghai': 'Shanghai: end the round',
  'shanghaien.panel.orient': 'Card 1 = {end} end: {card}',
  'shanghaien.panel.place': 'Place the {pips} → card {pips}: {card}',
  'shanghaien.panel.place-both': 'Trick: place both ({a} and {b})',
  'shanghaien.panel.reroll': 'Trick: roll both dice again',
  'shanghaien.panel.adjust.placeholder': 'Dirty trick ±1: change a die by 1 and place it…',
  'shanghaien.panel.adjust': '{from} → {to}: card {to}, {card}',
  'shanghaien.panel.adjust.dice': 'Already there: you {mine} · {opponent} {theirs}',
  'shanghaien.panel.joker.placeholder': 'Dirty trick as a joker (a sailor worth 2)…',
  'shanghaien.panel.joker': 'Joker with the {nations}: {sum} → {next}, using “{effect}”',
  'shanghaien.panel.joker.opponent': "{player}'s {nations}: {sum}",
  'shanghaien.panel.joker.opponent.none': '{player} has no {nations}',

  // --- Shanghaien board image
  'shanghaien.alt.points': 'Points: {list}.',
  'shanghaien.alt.points.now': 'Points if the game ended now: {list}.',
  'shanghaien.alt.row': 'The tavern, left to right on the board: {list}.',
  'shanghaien.alt.slot': 'card {number}: {card}',
  'shanghaien.alt.dice': '(dice: {list})',
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
  'shanghaien.board.round-over': 'Round {round} over',
  'shanghaien.board.shanghaied-by': 'Shanghaied by',
  'shanghaien.board.adjusted': '±1: {from} → {to}',
  'shanghaien.board.joker-laid': 'Joker: {nation}',
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
  'shanghaien.board.winner': '{name} wins {a} : {b}!',
  'shanghaien.board.draw': 'A draw, {a} : {b}!',
  'shanghaien.board.resigned': '{name} is out: {winner} wins',
  'shanghaien.board.joker': 'J',
} as const;
