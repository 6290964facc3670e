import type { NimTextKey } from './texts.en.js';

/** Nim's Dutch texts: exactly the keys of texts.en.ts. */
export const nimNl: Record<NimTextKey, string> = {
  'game.nim.name': 'Nim',
  'rules.nim': `**Nim** (2-3 spelers): wie de laatste steen pakt, wint.

## Jouw beurt
Pak een of twee stenen met de hand, een voor een, en beëindig dan je beurt; of speel een van je twee geheime kaarten (1 tot 3): die pakt in één keer zoveel stenen, en je trekt een nieuwe kaart.`,
  'nim.score': '{score} punten',
  'nim.score.one': '1 punt',
  'nim.variant.short': 'Kort',
  'nim.variant.short.about': '15 stenen',
  'nim.variant.long': 'Lang',
  'nim.variant.long.about': '25 stenen',
  'nim.status': 'Nog {pile} stenen; {player} is aan zet.',
  'nim.status.over': '{player} pakte de laatste steen.',
  'nim.panel.text': 'Je bent aan de beurt: nog {pile} stenen. Jouw kaarten: {cards}.',
  'nim.panel.waiting': 'Nog {pile} stenen. Jouw kaarten: {cards}. {player} is aan zet.',
  'nim.panel.no-cards': 'geen',
  'nim.panel.placeholder': 'Jouw zet',
  'nim.action.take': 'Pak een steen',
  'nim.action.end': 'Beëindig de beurt',
  'nim.action.play': 'Speel een {value}',
  'nim.event.took': '{player} pakt een steen.',
  'nim.event.ended': '{player} beëindigt de beurt na {taken} met de hand.',
  'nim.event.played': '{player} speelt een {value}.',
  'nim.event.drew': '{player} trekt een kaart.',
  'nim.event.drew.own': '{player} trekt een {value}.',
  'nim.event.reshuffled': 'De {cards} afgelegde kaarten worden geschud tot een nieuwe trekstapel.',
  'nim.event.won': '{player} pakt de laatste steen en wint.',
  'nim.event.resigned': '{player} geeft op.',
  'nim.board.pile': '{pile} stenen',
  'nim.board.cards': '{cards} kaarten',
};
