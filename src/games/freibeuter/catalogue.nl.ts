import type { freibeuterEn } from './catalogue.en.js';

/** Freibeuter's Dutch texts: exactly the keys of catalogue.en.ts, in the same order. */
export const freibeuterNl: Record<keyof typeof freibeuterEn, string> = {
  'rules.freibeuter': `**Freibeuter** (2 tot 4 spelers): piraten verdelen hun boten over een zee van 7 × 7 velden, omsingelen de schepen tussen de velden en maken ze buit, tegen betaling aan wie hielp. De rijkste piraat wint.

## Voorbereiding
**De zee**: velden A1 t/m G7 (rijen A-G, kolommen 1-7). Op een buitenveld past één boot, op een binnenveld twee. Op de 36 snijpunten liggen 36 schijfjes, open en geschud: 28 schepen (zeven van elke waarde: 5, 10, 15 en 20; het onderste getal, een vijfde van de waarde, betaalt wie het entert per helpende boot), 4 piratenschatten en 4 dubbelwaardes.
**Elke speler** krijgt 25 boten, 20 goudstukken, 4 zeekaarten en 1 hollanderkaart. Je hand is geheim; goudstukken, schepen en kredieten zijn open. Het lot bepaalt wie begint.

## Je beurt
Kies er één:
• **Een schip enteren**: zet een boot uit je voorraad op een schip zonder boot. Geen kaart, niet trekken. Op het bord draagt elk schip een nummer (1 tot en met 36, rij voor rij), en je paneel noemt de vrije schepen bij dat nummer, met de plek, waarde en betaling: "Schip 17 op C5-D6 · 15/3".
• **Een zeekaart spelen**: zet een boot op dat veld. Ligt er al een boot, dan mag je in plaats daarvan 2 goudstukken van de bank nemen.
• **Een hollanderkaart spelen**: zet de Vliegende Hollander op een leeg veld in die rij of kolom, alleen waar hij iets omsingelt. Na de zet gaat hij weer van het bord.
Na een kaart trek je bij tot vijf: een zee- of hollanderkaart, naar keuze. Je moet altijd een zeekaart houden.

## Omsingelen en krediet
Heeft elk van de vier velden rond een schijfje een boot of de Hollander, dan gaat het van het bord:
• Een schip dat niemand enterde, ontsnapt.
• Een geënterd schip: wie het enterde, betaalt elke medespeler het onderste getal per eigen boot eromheen (de Hollander krijgt niets), houdt het schip en krijgt zijn enterboot terug; de boten eromheen blijven liggen.
• Een piratenschat: elke speler krijgt 2 per eigen boot eromheen.
• Een dubbelwaarde: schepen van die waarde tellen aan het eind dubbel, voor iedereen.
**Krediet**: wie niet kan betalen, leent de rest van de bank en legt een boot als merkteken opzij (die is hij kwijt). Elk krediet betaal je aan het eind dubbel terug.

## Einde en telling
De partij eindigt meteen als de laatste piratenschat is omsingeld, als iemand een zeekaart moet of wil trekken van een lege stapel, of als een speler zijn beurt begint zonder boot in voorraad.
Telling: goudstukken + schepen (dubbel als hun dubbelwaarde is omsingeld) − 2 × krediet. De hoogste score wint.

## Zo beslist de bot in twijfelgevallen
• De schijfjes worden geschud en willekeurig over de snijpunten verdeeld; wie begint, wordt geloot.
• Goudstukken zijn een getal en de bank raakt nooit leeg. Ieders goudstukken, schepen en kredieten zijn te zien, alleen handkaarten niet.
• Meerdere schijfjes tegelijk omsingeld: de bot rekent elke volgorde door. Loopt niet elke volgorde voor iedereen hetzelfde af (goudstukken, kredieten, boten kwijt als merkteken), dan kies jij: één keuze per uitkomst, met wat die oplevert (een piratenschat eerst kan een krediet schelen; twee veroveringen van één speler kosten soms één krediet, soms twee). Anders gaan ze rij voor rij, van links naar rechts.
• Helpers worden betaald in zitvolgorde, links van wie enterde te beginnen. Elke verovering die niet helemaal betaald kan worden, is één krediet; ook zonder boot als merkteken.
• De zet die de laatste piratenschat pakt, wordt afgemaakt: elk schijfje dat hij omsingelt, wordt afgehandeld, in de volgorde die jij kiest als die ertoe doet; daarna trekt niemand meer.
• Heb je bij het trekken geen keuze (geen zeekaart in je hand, of geen hollanderkaarten meer), dan trekt de bot een zeekaart voor je; verder kiest hij nooit voor je, ook niet als er maar één optie is. Kies je een zeekaart van de lege stapel, dan eindigt de partij. Gespeelde kaarten komen nooit terug.
• Een gespeelde kaart of gekozen volgorde kun je terugnemen (Zet terugnemen) tot je trekt; enteren geeft de beurt meteen door.
• Bij gelijke stand delen spelers de plaats.
• Wie opgeeft of wiens tijd op is: zijn boten blijven op zee en helpen nog omsingelen, maar hij krijgt niets meer; zijn enterboten gaan terug, dus die schepen kunnen ontsnappen. Blijft er één speler over, dan wint die; wie stopte, eindigt als laatste.`,
  'game.freibeuter.name': 'Freibeuter',
  'freibeuter.variant.standard': 'Standaard',
  'freibeuter.variant.standard.about': '2-4 spelers, de zee van 7 × 7 met 36 schijfjes',
  'freibeuter.score': '{score} punten',
  'freibeuter.score.one': '{score} punt',
  'freibeuter.line.row': 'rij {line}',
  'freibeuter.line.column': 'kolom {line}',
  'freibeuter.and': '{list} en {last}',
  'freibeuter.event.start': 'De schijfjes zijn geschud en over de zee verdeeld; iedereen krijgt 4 zeekaarten en een hollanderkaart. {player} begint (geloot).',
  'freibeuter.event.boarded': '{emoji} {player} entert schip {label} op {point} (waarde {value}, betaalt {per} per boot).',
  'freibeuter.event.placed': '{emoji} {player} zet een boot op {field}.',
  'freibeuter.event.treasure': '{emoji} {player} speelt {field}, waar al een boot ligt, en neemt {amount} goudstukken van de bank.',
  'freibeuter.event.dutchman': '{emoji} {player} speelt de hollanderkaart van {line}: de Vliegende Hollander vaart naar {field}.',
  'freibeuter.event.encircled.one': 'Het schijfje op {points} is omsingeld.',
  'freibeuter.event.encircled': 'De schijfjes op {points} zijn omsingeld.',
  'freibeuter.event.order': '{player} kiest de volgorde voor {points}.',
  'freibeuter.event.escaped': '{emoji} Niemand had het schip op {point} ({value}) geënterd: het ontsnapt.',
  'freibeuter.event.captured': '{emoji} **{player} verovert het schip op {point} ({value})** en betaalt {per} per boot: {payments}.',
  'freibeuter.event.captured.free': '{emoji} **{player} verovert het schip op {point} ({value})**; niemand anders heeft er een boot omheen.',
  'freibeuter.event.credit':
    '{emoji} {player} kan niet alles betalen en leent {amount} van de bank (een boot gaat als merkteken opzij; aan het eind {repay} terugbetalen).',
  'freibeuter.event.credit.no-marker':
    '{emoji} {player} kan niet alles betalen en leent {amount} van de bank (aan het eind {repay} terugbetalen; er is geen boot meer als merkteken).',
  'freibeuter.event.pirate': '{emoji} **Piratenschat op {point}**: {shares}. {left}',
  'freibeuter.event.pirate.nobody': '{emoji} **Piratenschat op {point}**: niemand die nog meedoet, heeft er een boot omheen. {left}',
  'freibeuter.event.pirate.left': 'Nog {count} piratenschatten over.',
  'freibeuter.event.pirate.left.one': 'Nog 1 piratenschat over.',
  'freibeuter.event.pirate.last': 'Dat was de laatste: met deze zet eindigt de partij.',
  'freibeuter.event.double': '{emoji} De dubbelwaarde op {point} is omsingeld: schepen van {value} tellen aan het eind dubbel.',
  'freibeuter.event.dutchman-gone': 'De Vliegende Hollander verlaat {field}.',
  'freibeuter.event.drew.sea': '{player} trekt een zeekaart.',
  'freibeuter.event.drew.sea.forced': '{player} trekt een zeekaart (geen keuze).',
  'freibeuter.event.drew.dutchman': '{player} trekt een hollanderkaart.',
  'freibeuter.event.resigned': '{player} verlaat het spel; de boten op zee blijven liggen en {count} enterboten gaan terug, dus die schepen zijn weer vrij.',
  'freibeuter.event.resigned.one': '{player} verlaat het spel; de boten op zee blijven liggen en de enterboot gaat terug, dus dat schip is weer vrij.',
  'freibeuter.event.resigned.none': '{player} verlaat het spel; de boten op zee blijven liggen en helpen nog omsingelen.',
  'freibeuter.event.resigned.last': '{player} verlaat het spel.',
  'freibeuter.event.over.pirates': '🏁 De laatste piratenschat is weg: daarmee eindigt de partij.',
  'freibeuter.event.over.sea': '🏁 {player} wil een zeekaart trekken, maar de stapel is op: daarmee eindigt de partij.',
  'freibeuter.event.over.boats': '🏁 {player} begint een beurt zonder boot in voorraad: daarmee eindigt de partij.',
  'freibeuter.event.over.last': '🏁 Alleen {player} doet nog mee en wint de partij.',
  'freibeuter.status.turn': 'Beurt {turn}, {player} is aan zet · {pirates} · {sea} zeekaarten op de stapel.',
  'freibeuter.status.pirates': 'nog {count} piratenschatten',
  'freibeuter.status.pirates.one': 'nog 1 piratenschat',
  'freibeuter.status.order': 'Beurt {turn}, {player} kiest in welke volgorde de omsingelde schijfjes worden afgehandeld.',
  'freibeuter.status.draw': 'Beurt {turn}, {player} trekt bij tot vijf kaarten.',
  'freibeuter.status.won': '{player} heeft de partij gewonnen.',
  'freibeuter.status.shared': '{players} winnen samen.',
  'freibeuter.status.last': '{player} heeft de partij gewonnen, want de anderen zijn gestopt.',
  'freibeuter.breakdown.treasure': '{amount} goudstukken',
  'freibeuter.breakdown.treasure.one': '1 goudstuk',
  'freibeuter.breakdown.no-ships': '{treasure}, geen schepen',
  'freibeuter.breakdown.ships': '{worth} aan schepen ({list})',
  'freibeuter.breakdown.doubled': '{ships} dubbel',
  'freibeuter.breakdown.loan': '2 × {total} krediet',
  'freibeuter.breakdown.loans': '2 × {total} krediet ({list})',
  'freibeuter.panel.title': '**Freibeuter**, beurt {turn} · stapel zeekaarten {sea} · stapel hollanderkaarten {dutchman} · {pirates}',
  'freibeuter.panel.you': 'Jij: {treasure} · ⛵ {boats} ({onSea} op zee, {onShips} op schepen) · {ships} · score nu **{score}**',
  'freibeuter.panel.treasure': '🪙 **{count}** goudstukken',
  'freibeuter.panel.treasure.one': '🪙 **1** goudstuk',
  'freibeuter.panel.boats': '{count} boten in voorraad',
  'freibeuter.panel.boats.one': '1 boot in voorraad',
  'freibeuter.panel.ships': 'veroverde schepen {ships}',
  'freibeuter.panel.ships.none': 'nog geen schepen veroverd',
  'freibeuter.panel.loan': '· krediet {total} (−{repay} aan het eind)',
  'freibeuter.panel.loans': '· kredieten {total} (−{repay} aan het eind)',
  'freibeuter.panel.ship.doubled': '{value} (dubbel)',
  'freibeuter.panel.none': 'geen',
  'freibeuter.panel.hand': 'Je hand: zeekaarten {sea} · hollanderkaarten {dutchman}',
  'freibeuter.panel.others': 'De anderen: {others}',
  'freibeuter.panel.other': '{player} 🪙{treasure} ⛵{boats} schepen {ships} (score {score})',
  'freibeuter.panel.other.left': '{player} (gestopt)',
  'freibeuter.panel.doubles': 'Aan het eind tellen schepen van {values} dubbel.',
  'freibeuter.panel.over': '{result} Eindstand: {scores}.',
  'freibeuter.panel.score.left': '{player} {score} (gestopt)',
  'freibeuter.panel.left': 'Je hebt dit spel verlaten.',
  'freibeuter.panel.waiting': '⏳ {status}',
  'freibeuter.panel.turn.main':
    'Je bent aan de beurt: enter een schip (geen kaart, niet trekken), speel een zeekaart om een boot op dat veld te zetten (of neem 2 goudstukken als er al een boot ligt), of speel een hollanderkaart waar de Hollander iets omsingelt. Na een kaart trek je bij tot vijf.',
  'freibeuter.panel.turn.order':
    'Je bent aan de beurt: je zet heeft meerdere schijfjes omsingeld en de volgorde doet ertoe (wie eerst betaalt, moet misschien lenen). Kies welke als volgende wordt afgehandeld.',
  'freibeuter.panel.turn.order.outcomes':
    'Je bent aan de beurt: je zet heeft meerdere schijfjes omsingeld en de volgorde verandert wat er gebeurt. Kies er één:',
  'freibeuter.panel.order.line': '• {order}: {outcome}.',
  'freibeuter.panel.order.placeholder': 'Kies de volgorde van de omsingelde schijfjes…',
  'freibeuter.order.first': 'Eerst {token}',
  'freibeuter.order.then': '{order}, dan {token}',
  'freibeuter.order.token.pirate': 'de piratenschat op {point}',
  'freibeuter.order.token.ship': 'het schip van {player} op {point}',
  'freibeuter.order.token.yours': 'jouw schip op {point}',
  'freibeuter.outcome.clear': '{player} hoeft niet te lenen en houdt {treasure} over',
  'freibeuter.outcome.clear.you': 'je hoeft niet te lenen en houdt {treasure} over',
  'freibeuter.outcome.loans': '{player} leent {amount} ({loans}) en houdt {treasure} over',
  'freibeuter.outcome.loans.you': 'je leent {amount} ({loans}) en houdt {treasure} over',
  'freibeuter.outcome.loan.one': '1 krediet',
  'freibeuter.outcome.loan.many': '{count} kredieten',
  'freibeuter.outcome.unmarked': '{loans}, waarvan {count} zonder merkteken',
  'freibeuter.panel.turn.draw': 'Je bent aan de beurt: trek bij tot vijf kaarten. Stapel zeekaarten {sea}, stapel hollanderkaarten {dutchman}.',
  'freibeuter.panel.turn.draw.empty': 'De stapel zeekaarten is leeg: trek je een zeekaart, dan eindigt de partij meteen.',
  'freibeuter.panel.board': 'Schip {label} op {point} · {value}/{per}',
  'freibeuter.panel.board.description': '{taken} van 4 bezet · je betaalt {per} per boot van een ander, nu {total}',
  'freibeuter.panel.board.placeholder': 'Een schip enteren (geen kaart, niet trekken)…',
  'freibeuter.panel.board.range': 'Een schip enteren, nummer {from} t/m {to} (geen kaart, niet trekken)…',
  'freibeuter.panel.place': 'Boot zetten op {field}',
  'freibeuter.panel.take': '{field} spelen voor 2 goudstukken',
  'freibeuter.panel.dutchman': 'Hollander ({line}) naar {field} sturen',
  'freibeuter.panel.closes': 'Omsingelt {effects}',
  'freibeuter.panel.field.border': 'Een buitenveld: jouw boot maakt het vol',
  'freibeuter.panel.field.one': 'Naast de boot van {player}; dan is het veld vol',
  'freibeuter.panel.field.own': 'Naast je eigen boot; dan is het veld vol',
  'freibeuter.panel.sea.placeholder': 'Een zeekaart spelen…',
  'freibeuter.panel.dutchman.placeholder': 'Een hollanderkaart spelen…',
  'freibeuter.panel.cards.placeholder': 'Een zeekaart of hollanderkaart spelen…',
  'freibeuter.panel.all.placeholder': 'Kies je zet…',
  'freibeuter.panel.draw.sea': 'Zeekaart trekken (nog {count})',
  'freibeuter.panel.draw.sea.end': 'Zeekaart trekken: einde van de partij',
  'freibeuter.panel.draw.sea.confirm': 'De stapel zeekaarten is leeg. De partij nu beëindigen door er toch van te trekken?',
  'freibeuter.panel.draw.dutchman': 'Hollanderkaart trekken (nog {count})',
  'freibeuter.effect.escape': '{point}: schip {value} ontsnapt',
  'freibeuter.effect.capture.you': '{point}: jij verovert schip {value}, betaalt {amount}',
  'freibeuter.effect.capture.paid': '{point}: {player} verovert schip {value}, betaalt jou {amount}',
  'freibeuter.effect.capture': '{point}: {player} verovert schip {value}, betaalt {total}',
  'freibeuter.effect.pirate': '{point}: piratenschat',
  'freibeuter.effect.pirate.you': '{point}: piratenschat, jij krijgt {amount}',
  'freibeuter.effect.double': '{point}: schepen van {value} tellen dubbel',
  'freibeuter.alt.points': 'Punten: {list}.',
  'freibeuter.alt.ship': 'Schip {label} op {point} ({value}/{per})',
  'freibeuter.alt.no-boats': 'geen boten eromheen',
  'freibeuter.alt.boarded': '; geënterd door {player}',
  'freibeuter.board.turn': 'Beurt {turn}',
  'freibeuter.board.wins': 'wint met {score} punten',
  'freibeuter.board.share': 'winnen samen met {score} punten',
  'freibeuter.board.end.pirates': 'De laatste piratenschat is weg',
  'freibeuter.board.end.sea': 'De zeekaarten zijn op',
  'freibeuter.board.end.boats': '{player} heeft geen boten meer',
  'freibeuter.board.end.last': 'De anderen zijn gestopt',
  'freibeuter.board.to-move': 'is aan zet',
  'freibeuter.board.to-order': 'kiest de volgorde',
  'freibeuter.board.to-draw': 'trekt een kaart',
  'freibeuter.board.boats-left': 'boten',
  'freibeuter.board.left': 'Gestopt',
  'freibeuter.board.no-ships': 'nog geen schepen',
  'freibeuter.board.loan': 'Krediet {total} (−{repay} aan het eind)',
  'freibeuter.board.loans': 'Kredieten {total} (−{repay} aan het eind)',
  'freibeuter.board.sum': '{treasure} goudstukken + {ships} schepen = {score}',
  'freibeuter.board.sum.loans': '{treasure} goudstukken + {ships} schepen − {repay} krediet = {score}',
  'freibeuter.board.sea-pile': 'zeekaarten',
  'freibeuter.board.dutchman-pile': 'Hollander',
  'freibeuter.board.pirates': 'schatten',
  'freibeuter.board.escaped': 'ontsnapt',
  'freibeuter.board.doubles': 'Dubbel:',
  'freibeuter.board.legend.changed': 'Wit: de laatste beurt; in kleur: de beurten ervoor',
  'freibeuter.board.legend.ship': 'Schip: nummer, waarde / prijs per boot',
  'freibeuter.board.legend.boat': 'Rand 1 boot, binnen 2',
  'freibeuter.board.legend.dutchman': 'De Vliegende Hollander',
  'freibeuter.board.legend.pirate': 'Piratenschat: 2 per boot',
  'freibeuter.board.legend.double': 'Dubbelwaarde: die schepen tellen dubbel',
};
