import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parsePostgresUrl } from '../../src/database-url.js';

// docker-compose.yml's `postgres` profile: the official image with its data in a volume and a
// health check, and a variant of the bot pointed at it once it answers. No Docker engine runs
// here, so the file is checked against what Compose and the bot need instead.

interface Service {
  image?: string;
  extends?: { service: string };
  profiles?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { bot, postgres } = compose.services;
const variant = compose.services['bot-postgres'];

describe("docker-compose.yml's postgres profile", () => {
  it('leaves the SQLite bot as it was: always on, outside the profile, with no DATABASE_URL', () => {
    expect(bot?.profiles).toBeUndefined();
    expect(bot?.environment?.DATABASE_URL).toBeUndefined();
  });

  it('runs the official PostgreSQL image (14 or newer) in the profile, its data in a named volume, with a health check', () => {
    // The cluster's bots share it (./compose-cluster.test.ts).
    expect(postgres?.profiles).toEqual(['postgres', 'cluster']);
    const major = /^postgres:(\d+)/.exec(postgres?.image ?? '')?.[1];
    expect(Number(major)).toBeGreaterThanOrEqual(14);
    const [volume, mountPoint] = (postgres?.volumes?.[0] ?? '').split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(mountPoint).toBe('/var/lib/postgresql/data');
    expect(postgres?.healthcheck?.test).toEqual([
      'CMD',
      'pg_isready',
      `--username=${postgres?.environment?.POSTGRES_USER}`,
      `--dbname=${postgres?.environment?.POSTGRES_DB}`,
    ]);
    expect(postgres?.environment?.POSTGRES_PASSWORD).toBe('${POSTGRES_PASSWORD:-}');
  });

  it("points a variant of the bot at that server's database, once it is healthy", () => {
    expect(variant?.profiles).toEqual(['postgres']);
    expect(variant?.extends).toEqual({ service: 'bot' });
    expect(variant?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    const url = String(variant?.environment?.DATABASE_URL).replace('${POSTGRES_PASSWORD:-}', 'password');
    expect(parsePostgresUrl(url)).toEqual({
      user: postgres?.environment?.POSTGRES_USER,
      host: 'postgres',
      port: 5432,
      database: postgres?.environment?.POSTGRES_DB,
    });
    expect(String(variant?.environment?.DATABASE_URL)).toContain(':${POSTGRES_PASSWORD:-}@');
    expect(variant?.environment?.DATABASE_POOL_SIZE).toBe('${DATABASE_POOL_SIZE:-10}');
  });
});
