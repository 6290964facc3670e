import type { GameRow } from '../db/schema.js';

/**
 * How long an inviter's lobbies and rematches leave a person he pinged alone: within it the
 * invitation still names him, without a ping. Five minutes covers a burst (Rematch, Cancel,
 * Rematch again, or several finished games rematched at once) with one notification, and is short
 * enough that an invitation to tonight's game after this afternoon's pings him again.
 */
export const PING_WINDOW_MS = 5 * 60_000;

export {
  DEFAULT_LOBBY_EXPIRY_MS,
  LOBBY_EXPIRY_HOURS,
  lobbyExpiryFromHours,
  lobbyExpiryHours,
  OPEN_LOBBIES,
  validOpenLobbies,
  type LobbyLimits,
} from '../settings/lobbies.js';

/** Whether a game closed in its lobby because nobody started it in time (see `LobbyStore.expire`). */
export const lobbyExpired = (row: Pick<GameRow, 'status' | 'lobbyExpiresAt'>): boolean => row.status === 'cancelled' && row.lobbyExpiresAt !== null;
