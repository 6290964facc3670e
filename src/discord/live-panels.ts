/**
 * Panels that follow the game. The last panel a player opened (an ephemeral message) may be
 * edited by the bot for as long as the token of the interaction that showed it lives: 15 minutes,
 * counted from his latest click on it. While it does, every change to the game (a bot's move,
 * another player's, a timeout, the end) edits it in place to his new view and moves, so he never
 * has to open a new one for his turn. Tokens are kept in memory only (they are secrets, and worth
 * nothing after a restart) and never logged.
 *
 * Edits never race a click: a panel being answered is left to its answer, an edit is made from
 * the game as it stands when it is sent, and one that a click overtook is made again, so the
 * panel ends on the newest version. A click on the panel before an edit reaches it is judged by
 * what its choice meant (src/games/choice-meaning.ts): played while that still reads the same.
 *
 * A panel stays where it was opened while the game's posts land below it. When his turn comes and
 * posts landed below his panel, the panel is shown anew at the bottom (src/discord/panel-places.ts):
 * after the game's posts are out, a new ephemeral follow-up through the same token, then the old
 * message is retired to a one-line pointer. Only the panel shown last is live: one shown in
 * another message (opened again from a post) retires the one before it.
 */
import { MessageFlags, Routes, type REST } from 'discord.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.js';
import type { Locale } from '../i18n/index.js';
import { PanelPlaces, type PanelMessage } from './panel-places.js';

/** Discord lets an interaction's token edit its messages for 15 minutes; the bot stops a little before. */
const TOKEN_LIFE_MS = 15 * 60_000 - 30_000;
/** A turn that comes back to a player this soon after he acted needs no ping: he is at his panel. */
export const AT_THE_TABLE_MS = 60_000;

/** Every so many panels shown, those whose token ended are let go. */
const PRUNE_EVERY = 200;

/** What the bot keeps of the interaction that showed a panel. */
export interface PanelInteraction {
  applicationId: string;
  token: string;
  createdTimestamp: number;
}

/** A player's panel as it stands: the message, the game version it shows, whether it is his turn, whether the game is over. */
export interface CurrentPanel {
  version: number;
  message: PanelMessage;
  yourTurn: boolean;
  over: boolean;
}

/**
 * A panel is edited at most this often while only the others move: their moves come in bursts
 * (a turn of several steps, three bots in a row), and the last edit shows them all. His turn
 * coming or going, and the end, are shown at once.
 */
const CALM_EDIT_MS = 2000;

/** How long a turn that came waits before the panel is placed: the post that tells it is queued meanwhile. */
const SETTLE_MS = 100;
/** The longest a panel waits for the game's posts to go out before it is placed anyway. */
const POSTS_WAIT_MS = 10_000;

export interface LivePanelDeps {
  rest: Pick<REST, 'patch' | 'post' | 'delete'>;
  /** The panel of `userId` in game `gameId` now; null when he has none (not seated, game gone). */
  panelOf(gameId: number, userId: string, locale: Locale): Promise<CurrentPanel | null>;
  /** What a panel that is no longer the live one says: one line and "Open my panel". */
  retired(gameId: number, locale: Locale): PanelMessage;
  /** Resolves once the posts the game owes now are out (or failed): a panel moved below them comes after them. */
  postsOut?(gameId: number): Promise<void>;
  logger: Logger;
  now?: () => number;
  /** How long a turn that came waits for its post to be queued (tests: 0). */
  settleMs?: number;
}

interface LivePanel {
  applicationId: string;
  token: string;
  until: number;
  /** The message that shows it, as the token names it (`@original` or a follow-up's id), and its Discord id when known. */
  target: string;
  messageId: string | null;
  /** Already shown anew at the bottom in this turn of his: once per turn at most. */
  movedThisTurn: boolean;
  locale: Locale;
  /** The game version the panel shows. */
  version: number;
  /** When he last acted from it, and when he last had it shown (any click). */
  actedAt: number | null;
  seenAt: number;
  /** His click is being answered: the answer shows the newest panel. */
  answering: boolean;
  /** The message of his latest click on a panel (a follow-up he clicked before the bot had its id back). */
  clickedOn: string | null;
  /** The follow-up last taken back as not needed: a click on it, made as it went, does not make it his panel. */
  takenBack: string | null;
  editing: boolean;
  /** The game changed (or a click overtook the edit) while an edit was on its way. */
  again: boolean;
  /** Counts the answers to his clicks, to tell whether one came while an edit was on its way. */
  answers: number;
  /** Whether the panel shows his turn, and when the bot last edited it. */
  yourTurn: boolean;
  editedAt: number;
  /** A calm edit waiting for its time. */
  later: NodeJS.Timeout | null;
  /** His turn came, or goes on after a post: the next look waits for the posts and may move the panel. */
  placeDue: boolean;
}

/** A message that showed a panel, as its token reaches it. */
interface RetiredMessage {
  applicationId: string;
  token: string;
  target: string;
  until: number;
}

export class LivePanels {
  private readonly games = new Map<number, Map<string, LivePanel>>();
  private readonly places = new PanelPlaces();
  private readonly now: () => number;
  private shownCount = 0;

  constructor(private readonly deps: LivePanelDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A message of the game went out into its place (a post, a notice): it lies below the panels shown before it. */
  posted(gameId: number, messageId: string): void {
    if (this.games.has(gameId)) this.places.posted(gameId, messageId);
  }

  /** Panels kept now (the metrics, tests). */
  get size(): number {
    let count = 0;
    for (const panels of this.games.values()) count += panels.size;
    return count;
  }

  /** His click on a panel of this game (in the message `messageId`) is being handled: edits wait for its answer. */
  answering(gameId: number, userId: string, messageId?: string): void {
    const panel = this.games.get(gameId)?.get(userId);
    if (!panel) return;
    panel.answering = true;
    if (messageId !== undefined) panel.clickedOn = messageId;
  }

  /**
   * A panel was shown or updated in answer to `interaction`, at `version`, in the message `messageId`
   * (its Discord id, when known); `acted` when his click made a move. Shown in another message than
   * his live panel, it takes its place: the one before is retired.
   */
  shown(
    gameId: number,
    userId: string,
    interaction: PanelInteraction,
    locale: Locale,
    version: number,
    acted: boolean,
    yourTurn = false,
    messageId?: string,
  ): void {
    if (++this.shownCount % PRUNE_EVERY === 0) this.prune();
    let panels = this.games.get(gameId);
    if (!panels) {
      panels = new Map();
      this.games.set(gameId, panels);
    }
    let panel = panels.get(userId);
    if (!panel) {
      panel = {
        applicationId: '',
        token: '',
        until: 0,
        target: '@original',
        messageId: null,
        movedThisTurn: false,
        locale,
        version,
        actedAt: null,
        seenAt: 0,
        answering: false,
        clickedOn: null,
        takenBack: null,
        editing: false,
        again: false,
        answers: 0,
        yourTurn: false,
        editedAt: 0,
        later: null,
        placeDue: false,
      };
      panels.set(userId, panel);
    } else if (messageId !== undefined && messageId === panel.takenBack) {
      // Clicked as it was being deleted: answered, but gone; the live panel stays where it was.
      panel.answering = false;
      this.refresh(gameId, userId, panel);
      return;
    } else if (messageId !== undefined && panel.messageId !== null && panel.messageId !== messageId) {
      this.retireMessage(gameId, this.messageOf(panel), panel.locale);
    }
    // Kept in place: an edit on its way finds out that a click was answered meanwhile.
    Object.assign(panel, {
      applicationId: interaction.applicationId,
      token: interaction.token,
      until: interaction.createdTimestamp + TOKEN_LIFE_MS,
      target: '@original',
      locale,
      version,
      answering: false,
      yourTurn: yourTurn,
    });
    if (messageId !== undefined) panel.messageId = messageId;
    if (!yourTurn) panel.movedThisTurn = false;
    panel.answers++;
    panel.seenAt = this.now();
    if (acted) panel.actedAt = panel.seenAt;
    // His move ended a turn and the next is his again (he leads the next trick): its post lands below the panel.
    if (acted && yourTurn) panel.placeDue = true;
    // The game may have moved on while he was answered (a bot quick to reply).
    this.refresh(gameId, userId, panel);
  }

  /** Lets go of the panels whose token ended (those of games that never changed again). */
  private prune(): void {
    const now = this.now();
    for (const [gameId, panels] of this.games)
      for (const [userId, panel] of panels) if (panel.until <= now && !panel.editing) this.forget(gameId, userId, panel);
  }

  /** A click was not answered (the answer failed): the panel is no longer his to rely on. */
  lost(gameId: number, userId: string): void {
    this.forget(gameId, userId);
  }

  /** The people of a game who acted from a live panel within the last minute: their turn needs no ping. */
  atTheTable(gameId: number): Set<string> {
    const now = this.now();
    const users = new Set<string>();
    for (const [userId, panel] of this.games.get(gameId) ?? []) {
      if (panel.until > now && panel.actedAt !== null && now - panel.actedAt <= AT_THE_TABLE_MS) users.add(userId);
    }
    return users;
  }

  /**
   * Whether the player is at his panel of the game: the bot can still edit it, and he had it shown
   * within the last minute. Discord does not notify edits, so one who left it needs a post.
   */
  isWatching(gameId: number, userId: string): boolean {
    const panel = this.games.get(gameId)?.get(userId);
    const now = this.now();
    return panel !== undefined && panel.until > now && now - panel.seenAt <= AT_THE_TABLE_MS;
  }

  /** The game changed: each live panel that shows an older version is edited to the game as it stands. */
  changed(gameId: number): void {
    for (const [userId, panel] of this.games.get(gameId) ?? []) this.refresh(gameId, userId, panel);
  }

  private refresh(gameId: number, userId: string, panel: LivePanel): void {
    if (panel.until <= this.now()) {
      this.forget(gameId, userId, panel);
      return;
    }
    if (panel.answering || panel.editing) {
      panel.again = true;
      return;
    }
    panel.again = false;
    // Marked as being edited while the panel is read: a change or a click meanwhile asks for another look.
    panel.editing = true;
    const answers = panel.answers;
    // A panel that may move waits for the game's posts first: the post of the turn, then the panel below it.
    const placing = panel.placeDue;
    panel.placeDue = false;
    const read = placing ? this.postsOut(gameId).then(() => this.deps.panelOf(gameId, userId, panel.locale)) : this.deps.panelOf(gameId, userId, panel.locale);
    void read
      .then(
        (current) => this.edit(gameId, userId, panel, current, answers, placing),
        (error: unknown) => {
          this.deps.logger.warn({ game: gameId, err: error }, 'could not build a live panel');
          return false;
        },
      )
      .then((editing) => {
        if (editing) return;
        this.done(gameId, userId, panel);
      })
      .catch((error: unknown) => this.deps.logger.warn({ game: gameId, err: error }, 'could not edit a live panel'));
  }

  /** An edit (or a move) is over: the panel looks again if the game changed or a click came meanwhile. */
  private done(gameId: number, userId: string, panel: LivePanel): void {
    panel.editing = false;
    if (panel.again && this.games.get(gameId)?.get(userId) === panel) this.refresh(gameId, userId, panel);
  }

  /** Resolves once the game's posts queued now are out, and no later than POSTS_WAIT_MS. */
  private async postsOut(gameId: number): Promise<void> {
    await sleep(this.deps.settleMs ?? SETTLE_MS);
    const out = this.deps.postsOut?.(gameId);
    if (out) await Promise.race([out.catch(() => undefined), sleep(POSTS_WAIT_MS, undefined, { ref: false })]);
  }

  /**
   * Edits the panel to `current` unless it shows that already, or shows it anew at the bottom when
   * `placing` finds posts below it in his turn; returns whether a request is on its way (it looks
   * again once done).
   */
  private edit(gameId: number, userId: string, panel: LivePanel, current: CurrentPanel | null, answers: number, placing = false): boolean {
    if (!current) {
      this.forget(gameId, userId, panel);
      return false;
    }
    // A click answered (or being answered) while the panel was read shows at least this version: nothing to edit.
    if (panel.answers !== answers || panel.answering) return false;
    const { version, over, yourTurn } = current;
    if (placing && yourTurn && !over && !panel.movedThisTurn && panel.messageId !== null && this.places.below(gameId, panel.messageId) > 0) {
      this.moveDown(gameId, userId, panel, current, answers);
      return true;
    }
    if (current.version <= panel.version) return false;
    // His turn came: the panel waits for the posts of the game, then is edited or shown anew below them.
    if (!placing && yourTurn && !panel.yourTurn && !over && panel.messageId !== null && !panel.movedThisTurn) {
      panel.placeDue = true;
      panel.again = true;
      return false;
    }
    // Only the others moved (his turn neither came nor went): one edit now and then shows them all.
    const calm = yourTurn === panel.yourTurn && !over;
    const wait = panel.editedAt + CALM_EDIT_MS - this.now();
    if (calm && wait > 0) {
      panel.later ??= setTimeout(() => {
        panel.later = null;
        if (this.games.get(gameId)?.get(userId) === panel) this.refresh(gameId, userId, panel);
      }, wait);
      panel.later.unref();
      return false;
    }
    if (panel.later) clearTimeout(panel.later);
    panel.later = null;
    panel.editedAt = this.now();
    void this.deps.rest
      .patch(Routes.webhookMessage(panel.applicationId, panel.token, panel.target), { body: current.message, auth: false })
      .then(
        () => {
          // A click answered meanwhile may have been overwritten by this (older) edit: edit once more.
          if (panel.answers !== answers) {
            panel.version = -1;
            panel.again = true;
          } else {
            panel.version = Math.max(panel.version, version);
            panel.yourTurn = yourTurn;
            if (!yourTurn) panel.movedThisTurn = false;
          }
          if (over && !panel.again) this.forget(gameId, userId, panel);
        },
        (error: unknown) => {
          // Its token ended early, or he dismissed the message: the thread's button opens a new one.
          this.deps.logger.debug({ game: gameId, user: userId, err: error }, 'a live panel could not be edited; it is let go');
          this.forget(gameId, userId, panel);
        },
      )
      .finally(() => this.done(gameId, userId, panel));
    return true;
  }

  /**
   * Shows the panel anew below the game's posts: a follow-up through the token that showed it, then
   * the old message retired. Should Discord refuse the follow-up, the old panel stays the live one
   * (edited in place); should a click show his panel elsewhere meanwhile, the follow-up is deleted.
   */
  private moveDown(gameId: number, userId: string, panel: LivePanel, current: CurrentPanel, answers: number): void {
    const old = this.messageOf(panel);
    panel.editedAt = this.now();
    void this.deps.rest
      .post(Routes.webhook(old.applicationId, old.token), {
        body: { ...current.message, flags: MessageFlags.Ephemeral },
        auth: false,
        query: new URLSearchParams({ wait: 'true' }),
      })
      .then(
        async (sent) => {
          const id = (sent as { id?: unknown } | null)?.id;
          if (typeof id !== 'string') throw new Error('the follow-up came back without an id');
          const live = this.games.get(gameId)?.get(userId) === panel;
          // He clicked this very follow-up (shown to him before its id came back): it is his panel now.
          if (live && panel.clickedOn === id) {
            Object.assign(panel, { messageId: id, movedThisTurn: true });
            // Still reached through the token that made it, until his click's answer takes over.
            if (panel.token === old.token) panel.target = id;
            this.retireMessage(gameId, old, panel.locale);
            return;
          }
          // A click on his panel came meanwhile: it is answered where he clicked, and this one is not needed.
          if (panel.answering || panel.answers !== answers || !live) {
            panel.takenBack = id;
            await this.deps.rest.delete(Routes.webhookMessage(old.applicationId, old.token, id), { auth: false });
            return;
          }
          Object.assign(panel, { target: id, messageId: id, version: Math.max(panel.version, current.version), yourTurn: true, movedThisTurn: true });
          this.retireMessage(gameId, old, panel.locale);
        },
        (error: unknown) => {
          this.deps.logger.debug({ game: gameId, user: userId, err: error }, 'a live panel could not be shown anew; it stays where it is');
          // Not tried again in this turn: the panel is edited in place instead.
          panel.movedThisTurn = true;
          panel.again = true;
        },
      )
      .catch((error: unknown) => this.deps.logger.debug({ game: gameId, user: userId, err: error }, 'a panel shown anew could not be taken back'))
      .finally(() => this.done(gameId, userId, panel));
  }

  /** The message a panel is in, as its token reaches it. */
  private messageOf(panel: LivePanel): RetiredMessage {
    return { applicationId: panel.applicationId, token: panel.token, target: panel.target, until: panel.until };
  }

  /** A panel that is no longer the live one is edited to say so, with only "Open my panel"; while its token lives. */
  private retireMessage(gameId: number, message: RetiredMessage, locale: Locale): void {
    if (message.until <= this.now()) return;
    void this.deps.rest
      .patch(Routes.webhookMessage(message.applicationId, message.token, message.target), { body: this.deps.retired(gameId, locale), auth: false })
      .catch((error: unknown) => this.deps.logger.debug({ game: gameId, err: error }, 'an earlier panel could not be retired'));
  }

  private forget(gameId: number, userId: string, panel?: LivePanel): void {
    const panels = this.games.get(gameId);
    if (!panels || (panel && panels.get(userId) !== panel)) return;
    const gone = panels.get(userId);
    if (gone?.later) clearTimeout(gone.later);
    panels.delete(userId);
    if (panels.size > 0) return;
    this.games.delete(gameId);
    this.places.drop(gameId);
  }
}
