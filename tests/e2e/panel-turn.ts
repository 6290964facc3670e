/**
 * One player's turn at his panel, as the e2e games play it: while the panel says it is his turn,
 * he makes the choice his game's simulated player picks, and the bot answers each click by
 * updating the panel in place, privately.
 */
import { expect } from 'vitest';
import type { InteractionResult, SimUser, StoredMessage } from './server/index.js';
import { makeChoice, type PanelChoice } from './play.js';

/** How every panel that asks its owner to act says so (CONTRIBUTING: the e2e players read it). */
export const YOUR_TURN = "It's your turn";

/** Opens the player's panel from a post: it shows to him alone. */
export async function openPanel(user: SimUser, post: StoredMessage): Promise<StoredMessage> {
  const opened = await user.click(post, { prefix: 'panel:' });
  expect(opened.ephemeral).toBe(true);
  return opened.message as StoredMessage;
}

export interface PanelTurn<C extends PanelChoice> {
  /** The choice to make on the panel; a panel that says it is his turn must offer one. */
  choose: (panel: StoredMessage) => C | null | undefined;
  /** The most clicks one turn takes (a draw, then a placement, …). */
  maxSteps: number;
  /** A choice that asks first (a claim): answers the question and returns the answer after it. */
  confirm?: (choice: C, asked: InteractionResult) => Promise<InteractionResult>;
  /** Whether a choice passes the turn on: the turn ends there, whatever the panel says next. */
  passes?: (choice: C) => boolean;
  /** Sees every panel the bot answers with. */
  answered?: (panel: StoredMessage) => void;
}

/** Plays the turn from `panel`; returns the choices made, in order, and the panel as last answered. */
export async function playPanelTurn<C extends PanelChoice>(
  user: SimUser,
  panel: StoredMessage,
  turn: PanelTurn<C>,
): Promise<{ made: C[]; panel: StoredMessage }> {
  const made: C[] = [];
  for (let step = 0; step < turn.maxSteps && panel.content.includes(YOUR_TURN); step++) {
    const choice = turn.choose(panel);
    expect(choice, `a panel saying it is ${user.username}'s turn offers choices: ${panel.content}`).toBeTruthy();
    const chosen = choice as C;
    made.push(chosen);
    let answer = await makeChoice(user, panel, chosen);
    expect(answer.callbackType).toBe(7); // the panel is updated in place
    if (turn.confirm) answer = await turn.confirm(chosen, answer);
    panel = answer.message as StoredMessage;
    expect(panel.ephemeral).toBe(true);
    turn.answered?.(panel);
    if (turn.passes?.(chosen)) break;
  }
  return { made, panel };
}

/**
 * Opens the player's panel from a post and plays his turn there (see playPanelTurn); every panel
 * he is shown, the first one too, goes to `panels`.
 */
export async function playTurnFromPost<C extends PanelChoice>(
  user: SimUser,
  post: StoredMessage,
  turn: Omit<PanelTurn<C>, 'answered'>,
  panels: StoredMessage[],
): Promise<{ made: C[]; panel: StoredMessage }> {
  const opened = await openPanel(user, post);
  panels.push(opened);
  return playPanelTurn(user, opened, { ...turn, answered: (panel) => panels.push(panel) });
}

/** A choice a player made at his panel, as the games' e2e tests collect them. */
export interface Click<K extends string = string> {
  user: SimUser;
  label: string;
  kind: K;
}

/** The choices `user` made, as his clicks. */
export const clicksOf = <K extends string>(user: SimUser, made: readonly { label: string; kind: K }[]): Click<K>[] =>
  made.map(({ label, kind }) => ({ user, label, kind }));
