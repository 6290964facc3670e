/**
 * A click made on an earlier panel, through the Discord layer (docs/decisions.md, "A click on an
 * earlier panel"): the panel's components carry what each choice meant; once the game moved on, the
 * click is played when the player's panel as it is now still says the same of it, and refused with
 * a fresh panel otherwise.
 */
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { presenters } from '../games/index.js';
import { translator } from '../i18n/index.js';
import type { GameService, LoadedGame } from '../service/game-service.js';
import { storeForTests } from '../service/test-access.js';
import { choosingGame } from '../../tests/support/choosing-game.js';
import type { BotContext } from './context.js';
import { decodeId } from './custom-id.js';
import { handleMove, panelMessage } from './panel.js';

const t = translator('en');

/** Just what a move needs of the bot: the service, the presenters, live panels and posts that do nothing. */
function contextOf(service: GameService): BotContext {
  const nothing = () => undefined;
  return {
    service,
    presenters,
    panels: { answering: nothing, shown: nothing, lost: nothing, isWatching: () => true },
    announcer: { post: async () => undefined },
    logger: { warn: nothing, error: nothing, debug: nothing },
  } as unknown as BotContext;
}

/** A click of `user` on his own panel, keeping what the panel was updated to. */
function clickOf(user: string) {
  const updates: { content: string }[] = [];
  const interaction = {
    user: { id: user },
    locale: 'en-US',
    message: { flags: { has: (flag: MessageFlags) => flag === MessageFlags.Ephemeral } },
    isMessageComponent: () => true,
    update: async (message: { content: string }) => void updates.push(message),
  };
  return { interaction: interaction as unknown as ButtonInteraction, updates };
}

/** The moves a seat's panel offers now, as their buttons' ids read back. */
async function movesOf(ctx: BotContext, game: LoadedGame, seat: number) {
  const { components } = await panelMessage(ctx, game, seat, 'en');
  return components
    .flatMap((row) => row.components)
    .flatMap((c) => {
      const id = 'custom_id' in c ? decodeId(c.custom_id) : null;
      return id?.kind === 'act' ? [id] : [];
    });
}

describe('a click on an earlier panel', () => {
  it("is played when the others' secret choices left it saying the same", async () => {
    const { svc, game } = await choosingGame();
    const ctx = contextOf(svc);
    const [move] = await movesOf(ctx, game, 0);
    if (!move?.meaning) throw new Error('a move without its meaning');
    expect((await svc.act(game.row.id, 'bart', game.row.version, 0)).ok).toBe(true);
    const { interaction, updates } = clickOf('anne');
    const handled = await handleMove(ctx, interaction, game.row.id, move.version, { index: move.index, meaning: move.meaning }, 'en', t);
    expect(handled.outcome).toBe(`ok:v${game.row.version + 2}`);
    expect(updates.map((u) => u.content).join()).not.toContain('⚠️');
    const log = await storeForTests(svc).log.actionsOf(game.row.id);
    expect(log.at(-1)).toMatchObject({ seat: 0, action: game.def.legalActions(game.state, 0)[move.index] });
  });

  it('is refused with a fresh panel when nothing on the panel as it is means the same, or its player has chosen meanwhile', async () => {
    const { svc, game } = await choosingGame();
    const ctx = contextOf(svc);
    const [first, second] = await movesOf(ctx, game, 0);
    if (!first?.meaning || !second?.meaning) throw new Error('moves without their meaning');
    expect((await svc.act(game.row.id, 'bart', game.row.version, 0)).ok).toBe(true);
    const forged = clickOf('anne');
    expect((await handleMove(ctx, forged.interaction, game.row.id, first.version, { index: first.index, meaning: 'AAAAAAAAAAA' }, 'en', t)).outcome).toBe(
      'refused:stale',
    );
    expect(forged.updates[0]?.content).toContain(`⚠️ ${t('refusal.stale')}`);
    // She chooses on a panel of the game as it is; the earlier panel's other card is then refused.
    expect((await svc.act(game.row.id, 'anne', game.row.version + 1, first.index)).ok).toBe(true);
    const again = clickOf('anne');
    expect((await handleMove(ctx, again.interaction, game.row.id, second.version, { index: second.index, meaning: second.meaning }, 'en', t)).outcome).toBe(
      'refused:stale',
    );
    expect(await storeForTests(svc).log.actionsOf(game.row.id)).toHaveLength(game.row.version + 2);
  });
});
