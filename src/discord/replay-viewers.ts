/**
 * A replay's private message, the viewer, is edited by more than one answer: each click's own, and,
 * when a board was not ready, the board edited in later. Only the newest click may change what the
 * viewer shows, so a board that comes late for a move the member has paged past is not shown; and
 * the edits of one viewer reach Discord one after another, so that none overtakes a newer one.
 */
import { Lru } from '../lru.js';

/** Viewers remembered: each is a number; a viewer forgotten only loses the order of its late edits. */
const VIEWERS_KEPT = 2000;

export class ReplayViewers {
  private readonly latest = new Lru<string, number>(VIEWERS_KEPT);
  /** Per viewer, its edit under way and those queued after it. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private tickets = 0;

  /** A new answer for `viewer` (a message's id): from now on the only one whose edits show. */
  claim(viewer: string): number {
    const ticket = ++this.tickets;
    this.latest.set(viewer, ticket);
    return ticket;
  }

  /** An answer that made a new viewer goes on as that message (`viewer`): clicks on it name it by its id. */
  adopt(viewer: string, ticket: number): void {
    if ((this.latest.get(viewer) ?? 0) < ticket) this.latest.set(viewer, ticket);
  }

  isLatest(viewer: string, ticket: number): boolean {
    return this.latest.get(viewer) === ticket;
  }

  /**
   * Runs `edit` after the viewer's edits before it, when `ticket` is still its newest answer then;
   * resolves with what the edit answered, or undefined when it was left out.
   */
  edit<T>(viewer: string, ticket: number, edit: () => Promise<T>): Promise<T | undefined> {
    const before = this.queues.get(viewer) ?? Promise.resolve();
    const mine = before.then(
      () => (this.isLatest(viewer, ticket) ? edit() : undefined),
      () => (this.isLatest(viewer, ticket) ? edit() : undefined),
    );
    this.queues.set(viewer, mine);
    const done = () => {
      if (this.queues.get(viewer) === mine) this.queues.delete(viewer);
    };
    mine.then(done, done);
    return mine;
  }
}
