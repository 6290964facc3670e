import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Interaction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { CommitUnknown } from '../db/busy.js';
import { createLogger } from '../logger.js';
import { translator } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { NotActing } from './not-acting.js';
import { routeInteraction } from './router.js';

/** A click on a game's "Open my panel" button, as far as the router reads it, with its answers kept. */
function click(locale: string) {
  const answers: { content: string; ephemeral: boolean }[] = [];
  const interaction = {
    id: 'i1',
    locale,
    user: { id: '42' },
    customId: 'panel:7',
    replied: false,
    deferred: false,
    isAutocomplete: () => false,
    isChatInputCommand: () => false,
    isButton: () => true,
    isStringSelectMenu: () => false,
    isMessageComponent: () => true,
    isRepliable: () => true,
    async reply(options: { content: string; flags: number }) {
      interaction.replied = true;
      answers.push({ content: options.content, ephemeral: (options.flags & 64) === 64 });
    },
  };
  return { interaction: interaction as unknown as Interaction, answers };
}

/** A bot whose database answers each question with the next of `outcomes` (an error is thrown). */
function bot(outcomes: unknown[]) {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const ctx = {
    logger: createLogger('info', out),
    activity: { interaction: () => undefined },
    service: {
      databaseFile: 'postgres',
      ownerOf: async () => {
        const next = outcomes.shift();
        if (next instanceof Error) throw next;
        return null; // a game not found: refused in words, the database reached
      },
    },
  };
  return { ctx: ctx as unknown as BotContext, lines };
}

const cut = (code: string) => new DrizzleQueryError('select * from games where id = $1', [7], Object.assign(new Error('connect failed'), { code }));

describe('a click while the database server cannot be reached', () => {
  it('is told plainly, in its language, that nothing was changed', async () => {
    for (const locale of ['en-US', 'nl'] as const) {
      const { ctx } = bot([cut('ECONNREFUSED')]);
      const { interaction, answers } = click(locale);
      await routeInteraction(ctx, interaction);
      expect(answers).toEqual([{ content: translator(locale === 'nl' ? 'nl' : 'en')('refusal.unreachable'), ephemeral: true }]);
    }
  });

  it('is told to look again, never that nothing changed, when the cut came while its commit was on the way', async () => {
    for (const locale of ['en-US', 'nl'] as const) {
      const { ctx } = bot([new CommitUnknown(cut('ECONNRESET'))]);
      const { interaction, answers } = click(locale);
      await routeInteraction(ctx, interaction);
      const t = translator(locale === 'nl' ? 'nl' : 'en');
      expect(answers).toEqual([{ content: t('refusal.commit-unknown'), ephemeral: true }]);
      expect(t('refusal.commit-unknown')).not.toEqual(t('refusal.unreachable'));
    }
  });

  it('is logged once per outage with its code, never the query or its values, and the end of the outage once', async () => {
    const { ctx, lines } = bot([cut('ECONNREFUSED'), cut('57P03'), new Error('Connection terminated unexpectedly'), null, cut('ECONNRESET')]);
    for (let i = 0; i < 5; i++) await routeInteraction(ctx, click('en-US').interaction);
    const said = lines.map(({ level, msg, code, refused }) => ({ level, msg, code, refused }));
    expect(said).toEqual([
      { level: 50, msg: expect.stringContaining('cannot be reached'), code: 'ECONNREFUSED', refused: undefined },
      { level: 30, msg: 'the database can be reached again', code: undefined, refused: 3 },
      { level: 50, msg: expect.stringContaining('cannot be reached'), code: 'ECONNRESET', refused: undefined },
    ]);
    expect(JSON.stringify(lines)).not.toContain('select');
  });
});

describe('a click whose answer is held back because the lease went while it was handled', () => {
  it('sends nothing more and is a warning, not an error', async () => {
    const { ctx, lines } = bot([new NotActing()]);
    const { interaction, answers } = click('en-US');
    await routeInteraction(ctx, interaction);
    expect(answers).toEqual([]);
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([{ level: 40, msg: expect.stringContaining("lost the shard's lease") }]);
  });
});
