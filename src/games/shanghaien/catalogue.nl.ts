import type { shanghaienEn } from './catalogue.en.js';

/** Shanghaien's Dutch texts: exactly the keys of catalogue.en.ts, in the same order. */
export const shanghaienNl: Record<keyof typeof shanghaienEn, string> = {
  'rules.shanghaien': `**Shanghaien** (2 spelers): twee kapiteins dobbelen in een havenkroeg om de matrozen. In 8 rondes stelt ieder een bemanning samen uit matrozen van 8 nationaliteiten; aan het einde scoort per nationaliteit de sterkste bemanning de som van de zwakkere.

## De kroeg
Elke ronde liggen er 6 kaarten open op een rij: matrozen (per nationaliteit vijf, met de waarden 1, 2, 3, 3 en 4) en smerige trucs. De kaarten zijn genummerd van 1 tot 6: direct na zijn eerste worp van de ronde kiest de startspeler welke van de twee buitenste kaarten de 1 is. Iedere speler heeft 6 dobbelstenen in zijn voorraad.

## Jouw beurt
Kies een van deze twee:
• **Dobbelen** (je hebt minstens 2 dobbelstenen in je voorraad nodig): dobbel met 2 dobbelstenen en leg er één aan bij de kaart met hetzelfde nummer, aan jouw kant van de rij. De andere gaat terug naar je voorraad.
• **Shanghaien** (mag zodra je deze ronde 2 dobbelstenen hebt aangelegd; moet als je er minder dan 2 in je voorraad hebt): de ronde eindigt en de kaarten worden verdeeld.

## De kaarten verdelen
• Een kaart zonder dobbelstenen gaat uit het spel.
• Alleen dobbelstenen van één speler: hij krijgt de kaart.
• Dobbelstenen van allebei: wie er de meeste heeft, krijgt de kaart.
• Evenveel dobbelstenen: wie met zijn dobbelstenen aan de buurkaarten links en rechts de meeste ogen heeft, krijgt de kaart (een kaart aan het einde van de rij heeft één buurkaart); weer gelijk: de kaart gaat uit het spel.
Matrozen komen in je bemanning; smerige trucs leg je apart. Iedereen krijgt zijn dobbelstenen terug, er komen 6 nieuwe kaarten en wie niet voor shanghaien koos, begint de volgende ronde.

## Smerige trucs
Eén keer per ronde, direct na je eigen worp, mag je een smerige truc inzetten, op een van twee manieren:
• voor het dobbelsteeneffect: **±1** (verander één dobbelsteen met 1, binnen 1 tot 6, en leg hem aan), **beide dobbelstenen aanleggen** of **nog een keer dobbelen** (dobbel opnieuw met beide dobbelstenen; de nieuwe worp geldt). De kaart gaat daarna uit het spel.
• als **joker**: de kaart komt bij een nationaliteit waarvan je al een matroos hebt en telt tot het einde als matroos met waarde 2.

## Eindtelling
Na ronde 8, per nationaliteit: heeft maar één speler er matrozen van, dan scoort hij zijn som; hebben jullie ze allebei, dan scoort wie de hoogste som heeft de som van de ander; bij een gelijke stand scoort niemand. Elke niet ingezette smerige truc levert 1 punt op. Wie de meeste punten heeft, wint.
Het voorbeeld uit het spelregelboekje: Marc wint met 8 punten: 6 (Amerikanen) + 1 (Chinezen) + 1 (smerige truc).

## Zo beslist de bot in twijfelgevallen
• Het spelregelboekje noemt zeven nationaliteiten; de achtste zijn de Britten (paars).
• De 8 smerige trucs: 3 × ±1, 3 × beide dobbelstenen aanleggen, 2 × nog een keer dobbelen.
• De eerste startspeler wordt geloot. Daarna begint steeds de medespeler van wie de ronde met shanghaien beëindigde (kiest de ander voor shanghaien, dan begint de startspeler dus opnieuw).
• Een joker is 2 waard en kan alleen bij een nationaliteit waarvan al een echte matroos in je bemanning zit. Het is je smerige truc van de ronde; daarna leg je gewoon een dobbelsteen aan.
• De startspeler nummert de rij direct na zijn eerste worp van de ronde, vóór elke smerige truc (ook vóór nog een keer dobbelen en de joker).
• Jullie zitten aan weerszijden van de rij. Het bord laat de rij altijd van dezelfde kant zien: de dobbelstenen van de eerste speler boven de kaarten, die van de tweede speler eronder. In de teksten betekenen "links" en "rechts": zoals de speler om wie het gaat de rij ziet.
• Smerige trucs die je in ronde 8 wint, kun je niet meer inzetten; ze zijn elk 1 punt waard.
• Bij een gelijk totaal delen jullie de eerste plaats.
• Wie opgeeft of uit het spel wordt verwijderd omdat zijn tijd op is, verliest meteen; de ander wint.`,
  'game.shanghaien.name': 'Shanghaien',
  'shanghaien.variant.standard': 'Standaard',
  'shanghaien.variant.standard.about': '2 spelers, 8 rondes, 8 nationaliteiten',
  'shanghaien.score': '{score} punten',
  'shanghaien.score.one': '{score} punt',
  'shanghaien.nation.american': 'Amerikaan',
  'shanghaien.nation.french': 'Fransman',
  'shanghaien.nation.german': 'Duitser',
  'shanghaien.nation.chinese': 'Chinees',
  'shanghaien.nation.dutch': 'Nederlander',
  'shanghaien.nation.spanish': 'Spanjaard',
  'shanghaien.nation.italian': 'Italiaan',
  'shanghaien.nation.british': 'Brit',
  'shanghaien.nation.american.many': 'Amerikanen',
  'shanghaien.nation.french.many': 'Fransen',
  'shanghaien.nation.german.many': 'Duitsers',
  'shanghaien.nation.chinese.many': 'Chinezen',
  'shanghaien.nation.dutch.many': 'Nederlanders',
  'shanghaien.nation.spanish.many': 'Spanjaarden',
  'shanghaien.nation.italian.many': 'Italianen',
  'shanghaien.nation.british.many': 'Britten',
  'shanghaien.trick.adjust': '±1',
  'shanghaien.trick.place-both': 'beide dobbelstenen aanleggen',
  'shanghaien.trick.reroll': 'nog een keer dobbelen',
  'shanghaien.card.sailor': '{flag} {nation} {value}',
  'shanghaien.card.trick': '🃏 smerige truc “{effect}”',
  'shanghaien.end.left': 'links',
  'shanghaien.end.right': 'rechts',
  'shanghaien.event.round': '**Ronde {round} van {rounds}**: {player} begint. De kroeg, van links naar rechts gezien vanaf de kant van {player}: {cards}.',
  'shanghaien.event.rolled': '🎲 {player} gooit {a} en {b}.',
  'shanghaien.event.oriented': '{player} heeft de rij genummerd: kaart 1 is de kaart uiterst {end}, gezien vanaf de kant van {player}.',
  'shanghaien.event.oriented.card': '{player} heeft de rij genummerd: kaart 1 is de kaart uiterst {end} ({card}), gezien vanaf de kant van {player}.',
  'shanghaien.event.placed': '{player} legt een {pips} aan bij kaart {pips} ({card}).',
  'shanghaien.event.adjust': '🃏 {player} zet de smerige truc “±1” in: de {from} wordt een {to}.',
  'shanghaien.event.place-both': '🃏 {player} zet de smerige truc “beide dobbelstenen aanleggen” in.',
  'shanghaien.event.reroll': '🃏 {player} zet de smerige truc “nog een keer dobbelen” in en gooit {a} en {b}.',
  'shanghaien.event.joker': '🃏 {player} legt de smerige truc “{effect}” als joker bij de {flag} {nations}: die telt voortaan als matroos met waarde 2.',
  'shanghaien.event.shanghai': '⚓ **{player} kiest voor shanghaien** en beëindigt ronde {round}:',
  'shanghaien.event.shanghai.forced': '⚓ **{player} moet shanghaien** (minder dan 2 dobbelstenen over) en beëindigt ronde {round}:',
  'shanghaien.event.card.no-dice': '• Kaart {position} ({card}): geen dobbelstenen, uit het spel.',
  'shanghaien.event.card.only-dice': '• Kaart {position} ({card}) → **{player}**, als enige met dobbelstenen erbij.',
  'shanghaien.event.card.more-dice': '• Kaart {position} ({card}) → **{player}**: meer dobbelstenen, {a} tegen {b}.',
  'shanghaien.event.card.neighbour-pips':
    '• Kaart {position} ({card}) → **{player}**: evenveel dobbelstenen ({dice} tegen {dice}), meer ogen op de buurkaarten, {a} tegen {b}.',
  'shanghaien.event.card.tie':
    '• Kaart {position} ({card}) gaat uit het spel: evenveel dobbelstenen ({dice} tegen {dice}) en evenveel ogen op de buurkaarten ({pips} tegen {pips}).',
  'shanghaien.event.final': '**Eindtelling**',
  'shanghaien.event.score.alone': '• {flag} {nations}: alleen {player} heeft ze en scoort {points}.',
  'shanghaien.event.score.stronger': '• {flag} {nations}: {winner} {high} verslaat {loser} {low} en scoort {points}.',
  'shanghaien.event.score.tie': '• {flag} {nations}: gelijke stand met {sum}, niemand scoort.',
  'shanghaien.event.score.tricks': '• 🃏 Niet ingezette smerige trucs, 1 punt per stuk: {tricks}.',
  'shanghaien.event.resigned': '{player} doet niet meer mee: {winner} blijft als enige kapitein over en wint.',
  'shanghaien.breakdown.nation': '{points} ({nations})',
  'shanghaien.breakdown.tricks': '{count} (smerige trucs)',
  'shanghaien.breakdown.tricks.one': '1 (smerige truc)',
  'shanghaien.status.roll': 'Ronde {round} van {rounds}, {player} moet dobbelen. Dobbelstenen in voorraad: {supply}.',
  'shanghaien.status.roll-or-shanghai': 'Ronde {round} van {rounds}, {player} mag dobbelen of shanghaien. Dobbelstenen in voorraad: {supply}.',
  'shanghaien.status.must-shanghai': 'Ronde {round} van {rounds}: {player} heeft minder dan 2 dobbelstenen over en moet shanghaien.',
  'shanghaien.status.rolled': 'Ronde {round} van {rounds}: {player} heeft {a} en {b} gegooid.',
  'shanghaien.status.over': 'De partij is afgelopen: {player} wint met {a} tegen {b}.',
  'shanghaien.status.over.draw': 'De partij is afgelopen: gelijkspel, {a} tegen {b}.',
  'shanghaien.status.over.resigned': '{player} doet niet meer mee: {winner} wint.',
  'shanghaien.panel.title': '**Shanghaien**, ronde {round} van {rounds}',
  'shanghaien.panel.row': '**De kroeg**, kaart voor kaart met jouw dobbelstenen en die van {opponent}:',
  'shanghaien.panel.row.unnumbered':
    '**De kroeg**, van links naar rechts vanaf jouw kant. Nog niet genummerd: {player} kiest na de eerste worp welke buitenste kaart kaart 1 is.',
  'shanghaien.panel.slot': '**{position}** {card}: {dice}',
  'shanghaien.panel.slot.dice': 'jij {mine} · {opponent} {theirs}',
  'shanghaien.panel.slot.no-dice': 'geen dobbelstenen',
  'shanghaien.panel.slot.left': '(uiterst links)',
  'shanghaien.panel.slot.right': '(uiterst rechts)',
  'shanghaien.panel.supply': 'Jouw dobbelstenen: {supply} in voorraad, {placed} aangelegd.',
  'shanghaien.panel.crew': 'Jouw bemanning: {crew}',
  'shanghaien.panel.crew.opponent': 'Bemanning van {player}: {crew}',
  'shanghaien.panel.crew.empty': 'nog niemand',
  'shanghaien.panel.crew.joker': 'joker',
  'shanghaien.panel.tricks': 'Jouw smerige trucs: {tricks}.',
  'shanghaien.panel.tricks.none': 'Jouw smerige trucs: geen.',
  'shanghaien.panel.trick.used': 'Je hebt deze ronde je smerige truc al ingezet.',
  'shanghaien.panel.trick.free': 'Smerige truc deze ronde: nog niet ingezet (één per ronde, direct na je worp).',
  'shanghaien.panel.trick.after-numbering': 'Je smerige truc mag je pas inzetten als de rij genummerd is.',
  'shanghaien.panel.your-turn': 'Jij bent aan de beurt: dobbel met 2 dobbelstenen, of kies shanghaien om de ronde te beëindigen.',
  'shanghaien.panel.your-turn.roll-only': 'Jij bent aan de beurt: dobbel met 2 dobbelstenen.',
  'shanghaien.panel.your-turn.forced': 'Jij bent aan de beurt: je hebt minder dan 2 dobbelstenen in je voorraad, dus je moet shanghaien.',
  'shanghaien.panel.your-turn.orient': 'Jij bent aan de beurt: je hebt {a} en {b} gegooid. Kies eerst welke buitenste kaart van de rij kaart 1 is.',
  'shanghaien.panel.your-turn.place':
    'Jij bent aan de beurt: je hebt {a} en {b} gegooid. Leg één dobbelsteen aan bij de kaart met hetzelfde nummer; de andere gaat terug.',
  'shanghaien.panel.waiting': 'Wachten op {player}.',
  'shanghaien.panel.over': 'De partij is afgelopen. Eindstand: {totals}.',
  'shanghaien.panel.over.resigned': '{player} doet niet meer mee: {winner} wint. Punten op dat moment: {totals}.',
  'shanghaien.panel.roll': 'Dobbel met 2 dobbelstenen',
  'shanghaien.panel.shanghai': 'Shanghaien: beëindig de ronde',
  'shanghaien.panel.orient': 'Kaart 1 = uiterst {end}: {card}',
  'shanghaien.panel.place': 'Leg de {pips} aan → kaart {pips}: {card}',
  'shanghaien.panel.place-both': 'Truc: leg beide aan ({a} en {b})',
  'shanghaien.panel.reroll': 'Truc: nog een keer dobbelen',
  'shanghaien.panel.adjust.placeholder': 'Smerige truc ±1: verander een dobbelsteen met 1 en leg hem aan…',
  'shanghaien.panel.adjust': '{from} → {to}: kaart {to}, {card}',
  'shanghaien.panel.adjust.dice': 'Al aangelegd: jij {mine} · {opponent} {theirs}',
  'shanghaien.panel.joker.placeholder': 'Smerige truc als joker (een matroos met waarde 2)…',
  'shanghaien.panel.joker': 'Joker bij de {nations}: {sum} → {next}, met “{effect}”',
  'shanghaien.panel.joker.opponent': '{nations} van {player}: {sum}',
  'shanghaien.panel.joker.opponent.none': '{player} heeft geen {nations}',
  'shanghaien.alt.points': 'Punten: {list}.',
  'shanghaien.alt.points.now': 'Punten als de partij nu zou eindigen: {list}.',
  'shanghaien.alt.row': 'De kroeg, van links naar rechts op het bord: {list}.',
  'shanghaien.alt.slot': 'kaart {number}: {card}',
  'shanghaien.alt.dice': '(dobbelstenen: {list})',
  'shanghaien.board.round': 'Ronde {round} van {rounds}',
  'shanghaien.board.deck': 'Stapel {count}',
  'shanghaien.board.unnumbered': 'Nog niet genummerd: {player} kiest kaart 1 na de eerste worp',
  'shanghaien.board.supply': '{count} in voorraad',
  'shanghaien.board.rolled': 'Worp',
  'shanghaien.board.to-move': 'Aan zet',
  'shanghaien.board.starts': 'Begint',
  'shanghaien.board.trick-used': 'Truc ingezet',
  'shanghaien.board.trick': 'Smerige truc',
  'shanghaien.board.trick.adjust': 'Steen ±1',
  'shanghaien.board.trick.place-both': 'Leg 2 aan',
  'shanghaien.board.trick.reroll': 'Opnieuw',
  'shanghaien.board.or-joker': 'of joker = 2',
  'shanghaien.board.tricks': 'Trucs',
  'shanghaien.board.round-over': 'Ronde {round} voorbij',
  'shanghaien.board.shanghaied-by': 'Shanghaien door',
  'shanghaien.board.adjusted': '±1: {from} → {to}',
  'shanghaien.board.joker-laid': 'Joker: {nation}',
  'shanghaien.board.reason.no-dice': 'geen stenen',
  'shanghaien.board.reason.only-dice': 'enige stenen',
  'shanghaien.board.reason.more-dice': 'meer stenen',
  'shanghaien.board.reason.neighbour-pips': 'buren {a}:{b}',
  'shanghaien.board.reason.tie': 'gelijk {a}:{b}',
  'shanghaien.board.removed': 'Uit het spel',
  'shanghaien.board.final': 'Eindtelling',
  'shanghaien.board.sum': 'Som',
  'shanghaien.board.points': 'Punten',
  'shanghaien.board.total': 'Totaal',
  'shanghaien.board.winner': '{name} wint met {a} : {b}!',
  'shanghaien.board.draw': 'Gelijkspel, {a} : {b}!',
  'shanghaien.board.resigned': '{name} is uit het spel: {winner} wint',
  'shanghaien.board.joker': 'J',
};
