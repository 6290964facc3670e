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
 */
import { Routes, type REST } from 'discord.js';
import type { Logger } from '../logger.js';
import type { Locale } from '../i18n/index.js';

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
  message: { content: string; components: unknown[]; allowed_mentions: { parse: never[] } };
  yourTurn: boolean;
  over: boolean;
}

/**
 * A panel is edited at most this often while only the others move: their moves come in bursts
 * (a turn of several steps, three bots in a row), and the last edit shows them all. His turn
 * coming or going, and the end, are shown at once.
 */
const CALM_EDIT_MS = 2000;

export interface LivePanelDeps {
  rest: Pick<REST, 'patch'>;
  /** The panel of `userId` in game `gameId` now; null when he has none (not seated, game gone). */
  panelOf(gameId: number, userId: string, locale: Locale): Promise<CurrentPanel | null>;
  logger: Logger;
  now?: () => number;
}

interface LivePanel {
  applicationId: string;
  token: string;
  until: number;
  locale: Locale;
  /** The game version the panel shows. */
  version: number;
  /** When he last acted from it, and when he last had it shown (any click). */
  actedAt: number | null;
  seenAt: number;
  /** His click is being answered: the answer shows the newest panel. */
  answering: boolean;
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
}

export class LivePanels {
  private readonly games = new Map<number, Map<string, LivePanel>>();
  private readonly now: () => number;
  private shownCount = 0;

  constructor(private readonly deps: LivePanelDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Panels kept now (the metrics, tests). */
  get size(): number {
    let count = 0;
    for (const panels of this.games.values()) count += panels.size;
    return count;
  }

  /** His click on a panel of this game is being handled: edits wait for its answer. */
  answering(gameId: number, userId: string): void {
    const panel = this.games.get(gameId)?.get(userId);
    if (panel) panel.answering = true;
  }

  /** A panel was shown or updated in answer to `interaction`, at `version`; `acted` when his click made a move. */
  shown(gameId: number, userId: string, interaction: PanelInteraction, locale: Locale, version: number, acted: boolean, yourTurn = false): void {
    if (++this.shownCount % PRUNE_EVERY === 0) this.prune();
    let panels = this.games.get(gameId);
    if (!panels) {
      panels = new Map();
      this.games.set(gameId, panels);
    }
    let panel = panels.get(userId);
    if (!panel) {
      panel = { applicationId: '', token: '', until: 0, locale, version, actedAt: null, seenAt: 0, answering: false, editing: false, again: false, answers: 0, yourTurn: false, editedAt: 0, later: null };
      panels.set(userId, panel);
    }
    // Kept in place: an edit on its way finds out that a click was answered meanwhile.
    Object.assign(panel, { applicationId: interaction.applicationId, token: interaction.token, until: interaction.createdTimestamp + TOKEN_LIFE_MS, locale, version, answering: false, yourTurn: yourTurn });
    panel.answers++;
    panel.seenAt = this.now();
    if (acted) panel.actedAt = panel.seenAt;
    // The game may have moved on while he was answered (a bot quick to reply).
    this.refresh(gameId, userId, panel);
  }

  /** Lets go of the panels whose token ended (those of games that never changed again). */
  private prune(): void {
    const now = this.now();
    for (const [gameId, panels] of this.games) for (const [userId, panel] of panels) if (panel.until <= now && !panel.editing) this.forget(gameId, userId, panel);
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
    void this.deps
      .panelOf(gameId, userId, panel.locale)
      .then(
        (current) => this.edit(gameId, userId, panel, current, answers),
        (error: unknown) => {
          this.deps.logger.warn({ game: gameId, err: error }, 'could not build a live panel');
          return false;
        },
      )
      .then((editing) => {
        if (editing) return;
        panel.editing = false;
        if (panel.again && this.games.get(gameId)?.get(userId) === panel) this.refresh(gameId, userId, panel);
      })
      .catch((error: unknown) => this.deps.logger.warn({ game: gameId, err: error }, 'could not edit a live panel'));
  }

  /** Edits the panel to `current` unless it shows that already; returns whether an edit is on its way (it looks again once done). */
  private edit(gameId: number, userId: string, panel: LivePanel, current: CurrentPanel | null, answers: number): boolean {
    if (!current) {
      this.forget(gameId, userId, panel);
      return false;
    }
    // A click answered while the panel was read shows at least this version: nothing to edit.
    if (panel.answers !== answers || current.version <= panel.version) return false;
    const { version, over, yourTurn } = current;
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
      .patch(Routes.webhookMessage(panel.applicationId, panel.token, '@original'), { body: current.message, auth: false })
      .then(
        () => {
          // A click answered meanwhile may have been overwritten by this (older) edit: edit once more.
          if (panel.answers !== answers) {
            panel.version = -1;
            panel.again = true;
          } else {
            panel.version = Math.max(panel.version, version);
            panel.yourTurn = yourTurn;
          }
          if (over && !panel.again) this.forget(gameId, userId, panel);
        },
        (error: unknown) => {
          // Its token ended early, or he dismissed the message: the thread's button opens a new one.
          this.deps.logger.debug({ game: gameId, user: userId, err: error }, 'a live panel could not be edited; it is let go');
          this.forget(gameId, userId, panel);
        },
      )
      .finally(() => {
        panel.editing = false;
        if (panel.again && this.games.get(gameId)?.get(userId) === panel) this.refresh(gameId, userId, panel);
      });
    return true;
  }

  private forget(gameId: number, userId: string, panel?: LivePanel): void {
    const panels = this.games.get(gameId);
    if (!panels || (panel && panels.get(userId) !== panel)) return;
    const gone = panels.get(userId);
    if (gone?.later) clearTimeout(gone.later);
    panels.delete(userId);
    if (panels.size === 0) this.games.delete(gameId);
  }
}
