import type { Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import type { Announcer } from './announcer.js';
import type { BoardRenderer } from '../games/board-renderer.js';
import type { LivePanels } from './live-panels.js';
import type { MemberChecks } from './member-checks.js';

/** How an interaction reached the bot. */
export type InteractionKind = 'command' | 'component' | 'autocomplete' | 'other';

/** Where the router reports each interaction it handled: counted for the metrics and the log's summary (src/ops). */
export interface Activity {
  /** Its kind, its outcome (`ok`, `refused:…`) and how long it took in ms. */
  interaction(kind: InteractionKind, outcome: string, ms: number): void;
}

/** What every handler needs; built once in client.ts. */
export interface BotContext {
  client: Client;
  service: GameService;
  presenters: Record<string, AnyGamePresenter>;
  announcer: Announcer;
  boards: BoardRenderer;
  logger: Logger;
  activity: Activity;
  /** The panels players have open, edited as their games move on. */
  panels: LivePanels;
  /** Whether players are still members of the server (src/discord/member-checks.ts); none in tests that need none. */
  members?: MemberChecks;
  /**
   * Whether this process acts for its shard now (PostgreSQL, several hosts: it holds the shard's
   * lease). While it does not, an interaction is left to the host that does: not even answered.
   */
  acting?: () => boolean;
}
