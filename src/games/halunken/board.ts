/** The ring of 14 taverns. A space is 0..13; movement is clockwise, i.e. towards higher numbers. */
export const SPACES = 14;

export function spaceAhead(space: number, steps: number): number {
  return (((space + steps) % SPACES) + SPACES) % SPACES;
}

/** The first space clockwise after `from` for which `isFree` holds. */
export function nextFreeSpace(from: number, isFree: (space: number) => boolean): number {
  for (let step = 1; step <= SPACES; step++) {
    const space = spaceAhead(from, step);
    if (isFree(space)) return space;
  }
  throw new Error('no free space on the board');
}
