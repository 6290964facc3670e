// Stored with each running game (games.waiting_since, deadline_at, reminder_at); the service
// decides when a wait starts (src/service/time-limits.ts).

/** The timing of the current wait: when it began, when it runs out, when to remind. */
export interface WaitTiming {
  waitingSince: number | null;
  deadlineAt: number | null;
  reminderAt: number | null;
}

export const NO_WAIT: WaitTiming = { waitingSince: null, deadlineAt: null, reminderAt: null };
