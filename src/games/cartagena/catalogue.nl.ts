import type { cartagenaEn } from './catalogue.en.js';

/** Cartagena's Dutch texts: exactly the keys of catalogue.en.ts, in the same order. */
export const cartagenaNl: Record<keyof typeof cartagenaEn, string> = {
  'rules.cartagena': `**Cartagena** (2 tot 5 spelers): leid je zes piraten uit het fort, door de tunnel naar het schip. Wie als eerste alle zes aan boord heeft, wint meteen.

In je beurt doe je 1 tot 3 acties: een kaart spelen om een piraat vooruit te zetten, of een piraat terugzetten om kaarten te trekken. Er zijn twee versies: **Jamaica** (geheime handen, meer geluk) en **Tortuga** (open handen en een open rij kaarten, meer vaardigheid).

## De tunnel en de kaarten
• De tunnel heeft 36 vakjes in zes stukken. In elk stuk komt elk van de zes symbolen één keer voor, in willekeurige volgorde: 💀 doodskop, 🗡️ dolk, 🔑 sleutel, 🍾 fles, 🔫 pistool, 🎩 hoed. Na vakje 36 ligt het schip klaar.
• Alle piraten beginnen vóór vakje 1. Er zijn 102 kaarten, 17 van elk symbool; iedere speler krijgt er 6.
• Op een vakje staan nooit meer dan 3 piraten.

## Een beurt
Doe 1 tot 3 acties, in elke volgorde en combinatie die je wilt, en beëindig dan je beurt; na de derde actie gebeurt dat vanzelf. Kun je niets meer doen, dan gaat de beurt naar de volgende speler.
• **Kaart spelen**: leg een kaart af en zet een van je piraten vooruit naar het eerstvolgende *vrije* vakje met dat symbool (een vakje zonder piraat). Is er verderop geen vrij vakje met dat symbool meer, dan gaat de piraat aan boord van het schip.
• **Teruglopen**: zet een van je piraten terug naar het eerste vakje achter hem waar 1 of 2 piraten staan, van welke kleur ook; lege vakjes en vakjes met 3 piraten sla je over. Stond er 1 piraat, dan trek je 1 kaart; stonden er 2, dan trek je er 2. Je mag geen vakje met 1 piraat overslaan om bij een vakje met 2 te komen, en terug naar de start kan nooit.
Is de trekstapel op, dan wordt de aflegstapel geschud tot een nieuwe trekstapel.

## Jamaica en Tortuga
• **Jamaica**: je hand is geheim en je trekt van de gesloten trekstapel.
• **Tortuga**: alle handen liggen open. Er liggen 12 kaarten open in een rij en je trekt ze in de volgorde van de rij. Is de rij leeg, dan worden er 12 nieuwe kaarten neergelegd.

## Het einde
Wie als eerste alle zes piraten op het schip heeft, wint meteen. In het laatste bericht worden de anderen gerangschikt op het aantal piraten aan boord en daarna op hoe ver hun andere piraten gekomen zijn (de som van hun vakjes).

## Zo beslist de bot in twijfelgevallen
• De tunnel wordt voor elk spel willekeurig gelegd en staat op het bord.
• De startspeler wordt willekeurig gekozen.
• Een piraat op het schip mag teruglopen.
• Zijn trekstapel en aflegstapel allebei leeg, dan trek je minder kaarten. Er is geen handlimiet.
• Kan de trekstapel in Tortuga geen nieuwe rij vullen, dan wordt de aflegstapel erbij geschud; is het dan nog te weinig, dan bestaat de rij uit wat er is. Moet je trekken terwijl de rij leeg is, dan wordt eerst een nieuwe rij neergelegd (zo nodig na het schudden van de aflegstapel). Een korte rij wordt dus weer aangevuld zodra er kaarten gespeeld zijn.
• Wie niets kan doen, wordt overgeslagen. Kan niemand meer iets doen, dan is de partij afgelopen en wordt er gerangschikt zoals hierboven.
• Wie opgeeft of wordt verwijderd omdat zijn tijd op is, verlaat het spel met al zijn piraten en zijn kaarten gaan naar de aflegstapel. Wie als laatste overblijft, wint.
• Een kaart die je hebt gespeeld om vooruit te gaan, kun je terugnemen (Zet terugnemen) zolang je nog geen piraat hebt teruggezet en je beurt nog loopt: niemand heeft er iets nieuws door gezien. Ook teruglopen waarbij je geen enkele kaart trok, kun je terugnemen.`,
  'game.cartagena.name': 'Cartagena',
  'cartagena.variant.jamaica': 'Jamaica',
  'cartagena.variant.jamaica.about': 'geheime handen, trekken van de trekstapel',
  'cartagena.variant.tortuga': 'Tortuga',
  'cartagena.variant.tortuga.about': 'open handen, trekken uit de open rij',
  'cartagena.symbol.skull': 'Doodskop',
  'cartagena.symbol.dagger': 'Dolk',
  'cartagena.symbol.key': 'Sleutel',
  'cartagena.symbol.bottle': 'Fles',
  'cartagena.symbol.pistol': 'Pistool',
  'cartagena.symbol.hat': 'Hoed',
  'cartagena.place.start': 'de start',
  'cartagena.place.ship': 'het schip',
  'cartagena.place.space': 'vakje {space}',
  'cartagena.event.forward': '{player} speelde {symbol} en zette een piraat van {from} naar {to}.',
  'cartagena.event.back.one': '{player} zette een piraat terug van {from} naar {to} en trok 1 kaart{cards}.',
  'cartagena.event.back.many': '{player} zette een piraat terug van {from} naar {to} en trok {count} kaarten{cards}.',
  'cartagena.event.back.none': '{player} zette een piraat terug van {from} naar {to}; er was geen kaart meer om te trekken.',
  'cartagena.event.reshuffled': 'De aflegstapel is geschud tot een nieuwe trekstapel.',
  'cartagena.event.row': 'Er zijn {count} nieuwe kaarten in de open rij gelegd.',
  'cartagena.event.row.one': 'Er is 1 nieuwe kaart in de open rij gelegd.',
  'cartagena.event.skipped': '{player} kan niets doen en wordt overgeslagen.',
  'cartagena.event.no-action-left': '{player} kan geen actie meer doen; de beurt gaat naar de volgende.',
  'cartagena.event.won': '🏆 {player} heeft alle zes piraten aan boord en wint!',
  'cartagena.event.won.lastLeft': '🏆 {player} blijft als enige over en wint!',
  'cartagena.event.resigned': '{player} doet niet meer mee: zijn piraten hebben de tunnel verlaten en zijn kaarten liggen op de aflegstapel.',
  'cartagena.event.stalemate': 'Niemand kan nog een zet doen.',
  'cartagena.status.turn': 'Beurt {turn}: {player} is aan zet, nog {actions} van de 3 acties over.',
  'cartagena.status.turn.start': 'Beurt {turn}: {player} is aan zet.',
  'cartagena.status.over': 'De partij is afgelopen.',
  'cartagena.status.won': '{player} heeft gewonnen met alle zes piraten aan boord.',
  'cartagena.status.won.lastLeft': '{player} heeft gewonnen als enige overgebleven speler.',
  'cartagena.status.stalemate': 'Niemand kon nog een zet doen.',
  'cartagena.score': '{score} aan boord',
  'cartagena.panel.title': '**Cartagena** ({variant}), beurt {turn}',
  'cartagena.panel.hand': 'Je hand: {cards}',
  'cartagena.panel.hand.empty': 'Je hand: geen kaarten.',
  'cartagena.panel.pirates': 'Je piraten {mark}: {pirates}',
  'cartagena.panel.your-turn': 'Je bent aan de beurt: nog {actions} van de 3 acties over.',
  'cartagena.panel.out': 'Je doet niet meer mee.',
  'cartagena.panel.waiting': 'Wachten op {player}.',
  'cartagena.panel.forward': 'Speel een kaart: zet een piraat vooruit…',
  'cartagena.panel.back': 'Zet een piraat terug en trek kaarten…',
  'cartagena.panel.forward.label': '{symbol}: {from} → {to}',
  'cartagena.panel.forward.ship': 'Daarna heb je {count} van je 6 piraten aan boord.',
  'cartagena.panel.forward.wins': 'Je laatste piraat gaat aan boord: je wint.',
  'cartagena.panel.back.label': '{from} → {to}, trek {count}',
  'cartagena.panel.back.off-ship': 'Je haalt een piraat van het schip af.',
  'cartagena.panel.back.row': 'Je trekt {cards} uit de open rij.',
  'cartagena.panel.back.row.new': 'Je trekt {cards} en de eerste kaart van een nieuwe rij.',
  'cartagena.panel.end': 'Beurt beëindigen',
  'cartagena.short.start': 'start',
  'cartagena.short.ship': 'schip',
  'cartagena.breakdown.tunnel.one': '1 in de tunnel, op vakje {space}',
  'cartagena.breakdown.tunnel.many': '{count} in de tunnel, op de vakjes {spaces} = {sum}',
  'cartagena.breakdown.start': '{count} nog bij de start',
  'cartagena.alt.aboard': 'Piraten aan boord van het schip: {list}.',
  'cartagena.alt.waiting': 'Voor de tunnel: {list}.',
  'cartagena.alt.tunnel': 'In de tunnel: {list}.',
  'cartagena.alt.space': 'vakje {space} ({symbol}) {list}',
  'cartagena.board.start': 'Start',
  'cartagena.board.ship': 'Schip',
  'cartagena.board.row': 'Open rij',
  'cartagena.board.row.empty': 'Leeg',
  'cartagena.board.row.empty.refill': 'Leeg: er komt een nieuwe rij zodra er weer getrokken wordt',
  'cartagena.board.deck': 'Trekstapel {count}',
  'cartagena.board.discard': 'Aflegstapel {count}',
  'cartagena.board.turn': 'Beurt {turn}',
  'cartagena.board.cards': '{count} kaarten',
  'cartagena.board.card': '{count} kaart',
  'cartagena.board.actionsLeft': 'Acties over: {count}',
  'cartagena.board.winnerTag': 'Winnaar',
  'cartagena.board.place': '{place}e plaats',
  'cartagena.board.left': 'Uit het spel',
  'cartagena.board.lastTurn': 'Vorige beurt',
  'cartagena.board.thisTurn': 'Deze beurt',
  'cartagena.board.stalemate': 'Einde: niemand kan nog zetten',
  'cartagena.board.result.aboard': '{name} wint met alle zes piraten aan boord',
  'cartagena.board.result.lastLeft': '{name} wint als enige overgebleven speler',
  'cartagena.board.result.stalemate.many': 'Niemand kan nog zetten: {name} is eerste met {count} piraten aan boord',
  'cartagena.board.result.stalemate.one': 'Niemand kan nog zetten: {name} is eerste met 1 piraat aan boord',
  'cartagena.board.result.stalemate.none': 'Niemand kan nog zetten: {name} is eerste, het verst gekomen',
};
