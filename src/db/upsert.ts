import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `excluded.<column>` in an upsert's update: the value the insert brought (SQLite and PostgreSQL alike). */
export const excluded = (column: AnyColumn): SQL => sql`excluded.${sql.identifier(column.name)}`;

/** The stored value plus the one the insert brought. */
export const addExcluded = (column: AnyColumn): SQL => sql`${column} + ${excluded(column)}`;
