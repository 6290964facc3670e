import type { cartagenaEn } from './catalogue.en.js';

/** Cartagena's Dutch texts: exactly the keys of catalogue.en.ts, in the same order. */
export const cartagenaNl: Record<keyof typeof cartagenaEn, string> = {
  'rules.cartagena': `**Cartagena** (2 tot 5 spelers): loods je zes piraten door de tunnel naar het schip.

**De tunnel**: 36 vakjes in zes stukken. In elk stuk komt elk van de zes symbolen (💀 doodskop, 🗡️ dolk, 🔑 sleutel, 🍾 fles, 🔫 pistool, 🎩 hoed) precies één keer voor, in willekeurige volgorde. Na vakje 36 ligt het schip klaar.
**Je beurt**: doe 1 tot 3 acties, in elke volgorde die je wilt, en beëindig dan je beurt (na de derde actie gebeurt dat vanzelf).
• **Kaart spelen**: leg een kaart af en zet een van je piraten vooruit naar het eerstvolgende *vrije* vakje met dat symbool. Is er verderop geen vrij vakje meer, dan gaat de piraat aan boord van het schip.
• **Teruglopen**: zet een van je piraten terug naar het eerste vakje achter hem waar 1 of 2 piraten staan (lege vakjes en volle vakjes met 3 piraten sla je over) en trek 1 of 2 kaarten: één per piraat die daar al staat. Terug naar de start kan nooit.
**Jamaica**: je hand is geheim en je trekt van de gesloten trekstapel. **Tortuga**: alle handen liggen open en je trekt uit een open rij van 12 kaarten, op de volgorde van de rij. Is de rij leeg, dan worden er 12 nieuwe kaarten neergelegd.
**Einde**: wie als eerste alle zes piraten op het schip heeft, wint meteen.

**Zo beslist de bot in twijfelgevallen**
• De tunnel wordt voor elk spel willekeurig samengesteld en staat op het bord.
• Een piraat op het schip mag teruglopen.
• Is de trekstapel op, dan wordt de aflegstapel geschud tot een nieuwe trekstapel. Zijn beide leeg, dan trek je minder kaarten. Er is geen handlimiet.
• Kan de trekstapel in Tortuga geen nieuwe rij vullen, dan wordt de aflegstapel erbij geschud. Is het dan nog te weinig, dan bestaat de rij uit wat er is.
• Moet je in Tortuga trekken terwijl de rij leeg is, dan wordt eerst een nieuwe rij neergelegd (zo nodig wordt de aflegstapel geschud). Een rij die niet gevuld kon worden, komt dus terug bij de eerste keer trekken nadat er kaarten zijn gespeeld. Partijen die vóór deze regel begonnen zijn, houden de oude regel: daar blijft zo'n rij leeg.
• Wie niets kan doen, wordt overgeslagen. Kan niemand meer iets doen, dan is het spel afgelopen.
• De overige spelers worden gerangschikt op het aantal piraten aan boord en daarna op hoe ver hun piraten zijn gekomen.
• Wie opgeeft, verlaat het spel met al zijn piraten; de laatste speler die overblijft, wint.
• De startspeler wordt willekeurig gekozen.`,
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
  'cartagena.event.resigned': '{player} heeft het spel verlaten en al zijn piraten uit de tunnel gehaald.',
  'cartagena.event.stalemate': 'Niemand kan nog een zet doen: het spel is afgelopen.',
  'cartagena.status.turn': 'Beurt {turn}: {player} is aan zet, nog {actions} van de 3 acties over.',
  'cartagena.status.over': 'Het spel is afgelopen.',
  'cartagena.score': '{score} aan boord',
  'cartagena.panel.title': '**Cartagena** ({variant}), beurt {turn}',
  'cartagena.panel.hand': 'Je hand: {cards}',
  'cartagena.panel.hand.empty': 'Je hand: geen kaarten.',
  'cartagena.panel.pirates': 'Je piraten {mark}: {pirates}',
  'cartagena.panel.your-turn': 'Je bent aan de beurt: nog {actions} van de 3 acties over.',
  'cartagena.panel.waiting': 'Wachten op {player}.',
  'cartagena.panel.forward': 'Speel een kaart: zet een piraat vooruit…',
  'cartagena.panel.forward.more': 'Speel een kaart (meer)…',
  'cartagena.panel.back': 'Zet een piraat terug en trek kaarten…',
  'cartagena.panel.forward.label': '{symbol}: {from} → {to}',
  'cartagena.panel.forward.description': 'Leg een kaart {symbol} af; je piraat gaat vooruit.',
  'cartagena.panel.back.label': '{from} → {to}, trek {count}',
  'cartagena.panel.back.description': 'Terug naar {to}, waar nu {count} piraat/piraten staan.',
  'cartagena.panel.end': 'Beurt beëindigen',
  'cartagena.short.start': 'start',
  'cartagena.short.ship': 'schip',
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
