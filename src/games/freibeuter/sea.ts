/**
 * The sea of Freibeuter: 7 x 7 fields, rows A-G (top to bottom) and columns 1-7 (left to right),
 * named 'A1' .. 'G7'. Between them lie the 6 x 6 inner grid points that carry the tokens; each
 * point touches exactly four fields.
 *
 * Inside the engine a field is its index 0..48 (row * 7 + column) and a point its index 0..35
 * (row * 6 + column, where point (r, c) lies between rows r, r+1 and columns c, c+1 counted from
 * 0). Actions and views use field names; points are numbers, with `pointLabel` for people.
 */

export const ROWS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const COLUMNS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type Row = (typeof ROWS)[number];
export type Column = (typeof COLUMNS)[number];
export type FieldName = `${Row}${Column}`;
/** A row or a column: what a Flying Dutchman card shows. */
export type Line = Row | Column;

export const SIZE = 7;
export const FIELD_COUNT = SIZE * SIZE;
export const POINT_SIZE = SIZE - 1;
export const POINT_COUNT = POINT_SIZE * POINT_SIZE;

/** Every field name in board order (A1, A2, .. A7, B1, .. G7). */
export const FIELDS: readonly FieldName[] = ROWS.flatMap((row) => COLUMNS.map((column): FieldName => `${row}${column}`));

/** Rows first, then columns. */
export const LINES: readonly Line[] = [...ROWS, ...COLUMNS];

/** The index of a field name, or -1 when the string names no field. */
export function fieldIndex(name: string): number {
  // Read off the two characters: the legal actions ask this for every card in hand, every turn.
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const row = name.charCodeAt(0) - 65; // 'A'
  const column = name.charCodeAt(1) - 49; // '1'
  return row >= 0 && row < SIZE && column >= 0 && column < SIZE ? row * SIZE + column : -1;
}

export function fieldName(field: number): FieldName {
  const name = FIELDS[field];
  if (name === undefined) throw new RangeError(`no field ${field}`);
  return name;
}

export function isBorderField(field: number): boolean {
  const row = Math.floor(field / SIZE);
  const column = field % SIZE;
  return row === 0 || row === SIZE - 1 || column === 0 || column === SIZE - 1;
}

/** How many boats a field can hold: one on the border, two inside (as many as its sea cards). */
export function fieldCapacity(field: number): 1 | 2 {
  return isBorderField(field) ? 1 : 2;
}

/** The four fields around each point, top-left, top-right, bottom-left, bottom-right. */
export const POINT_FIELDS: readonly (readonly number[])[] = Array.from({ length: POINT_COUNT }, (_, point) => {
  const row = Math.floor(point / POINT_SIZE);
  const column = point % POINT_SIZE;
  const topLeft = row * SIZE + column;
  return [topLeft, topLeft + 1, topLeft + SIZE, topLeft + SIZE + 1];
});

/** The points touching each field (one to four), in ascending order. */
export const FIELD_POINTS: readonly (readonly number[])[] = Array.from({ length: FIELD_COUNT }, (_, field) =>
  POINT_FIELDS.flatMap((fields, point) => (fields.includes(field) ? [point] : [])),
);

/** A point named by its top-left and bottom-right fields: point 7 is 'B2-C3'. */
export function pointLabel(point: number): string {
  const fields = POINT_FIELDS[point];
  if (!fields) throw new RangeError(`no point ${point}`);
  return `${fieldName(fields[0] as number)}-${fieldName(fields[3] as number)}`;
}

/** The names of the four fields around a point. */
export function pointFieldNames(point: number): FieldName[] {
  const fields = POINT_FIELDS[point];
  if (!fields) throw new RangeError(`no point ${point}`);
  return fields.map(fieldName);
}

/** The point between these four fields, given its top-left field; -1 when there is none. */
export function pointAt(topLeft: FieldName): number {
  const field = fieldIndex(topLeft);
  if (field < 0) return -1;
  const row = Math.floor(field / SIZE);
  const column = field % SIZE;
  return row < POINT_SIZE && column < POINT_SIZE ? row * POINT_SIZE + column : -1;
}

const LINE_FIELDS: ReadonlyMap<Line, readonly number[]> = new Map(
  LINES.map((line) => {
    const r = (ROWS as readonly string[]).indexOf(line);
    const c = (COLUMNS as readonly string[]).indexOf(line);
    const fields = Array.from({ length: SIZE }, (_, k) => (r >= 0 ? r * SIZE + k : k * SIZE + c));
    return [line, fields];
  }),
);

/** The seven fields of a row or column, in board order. */
export function lineFields(line: Line): readonly number[] {
  const fields = LINE_FIELDS.get(line);
  if (!fields) throw new RangeError(`no line ${line}`);
  return fields;
}

export function isLine(value: unknown): value is Line {
  return typeof value === 'string' && LINE_FIELDS.has(value as Line);
}
