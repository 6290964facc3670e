import type { helpEn } from './help.en.js';

/** Dutch text of `/help`: the keys of src/i18n/help.en.ts. */
export const helpNl: Record<keyof typeof helpEn, string> = {
  'command.name.help': 'hulp',
  'command.help.description': "Wat deze bot doet, hoe je een spel begint, en de commando's",
  'help.text': `**Tabletop Harbour** speelt bordspellen in deze server: {games}. Speel met andere leden, tegen bots, of allebei; een potje kan minuten of dagen duren.

**Zo begin je**
1. \`/spel nieuw\` en kies een spel: er verschijnt een lobby met **Meedoen** en **Starten** (daar voeg je ook bots toe).
2. Doet iedereen mee, dan drukt wie de lobby opende op **Starten**: het spel krijgt een eigen thread.
3. Ben je aan de beurt, druk dan op **Open mijn paneel** onder het nieuwste bericht: alleen jij ziet daar je hand en de zetten die je kunt doen. Laat het openstaan: tot 15 minuten na je laatste klik loopt het met het spel mee, en als je weer aan de beurt bent, verschijnt het opnieuw onderaan, onder het nieuwste bericht (het paneel erboven meldt dan dat het verouderd is).

**Commando's**
• \`/spel nieuw\`: een lobby openen · \`/spel paneel\`, \`bord\`, \`logboek\`, \`terugkijken\`, \`opgeven\`, \`annuleren\`: voor het spel waarin je zit
• \`/spellen\`: je lopende spellen hier
• \`/regels\`: de regels van een spel
• \`/statistieken\`, \`/ranglijst\`, \`/profiel\`: uitslagen en ratings
• \`/afwezig\`: vrij nemen; je beurten wachten op je
• \`/instellingen\`: de instellingen van deze server en die van jou (herinneringen, meldingen)
• \`/hulp\`: deze tekst`,
};
