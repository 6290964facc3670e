import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { shardsOfHost } from '../../src/shard-ids.js';

// docker-compose.yml's `cluster` profile: two bot services splitting the shards on the postgres
// profile's database, their REST through discord.js's proxy. No Docker engine runs here, so the
// file is checked against what Compose and the bot need instead: each bot service's settings are
// read by the bot's own configuration.

interface Service {
  image?: string;
  extends?: { service: string };
  profiles?: string[];
  environment?: Record<string, string | number>;
  ports?: unknown;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8')) as { services: Record<string, Service> };
const { services } = compose;
const bots = Object.entries(services).filter(([, service]) => service.profiles?.includes('cluster') && service.extends?.service === 'bot');
const proxy = services['rest-proxy'];

/** A bot service's settings as the bot reads them (Compose's ${…:-default} taken at its default, the password filled in). */
function configOf(service: Service) {
  const env = Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      String(value)
        .replace('${POSTGRES_PASSWORD:-}', 'password')
        .replace(/^\$\{\w+:-(.*)\}$/, '$1'),
    ]),
  );
  return loadConfig({ DISCORD_TOKEN: 'x', ...env }, '/nonexistent/.env');
}

describe("docker-compose.yml's cluster profile", () => {
  it('runs two variants of the bot, on the postgres profile’s database, each once PostgreSQL is healthy and the proxy started', () => {
    expect(bots.map(([name]) => name)).toEqual(['bot-shards-a', 'bot-shards-b']);
    for (const [, service] of bots) {
      expect(service.profiles).toEqual(['cluster']);
      expect(service.environment?.DATABASE_URL).toBe(services['bot-postgres']?.environment?.DATABASE_URL);
      expect(service.environment?.BACKUP_INTERVAL_HOURS).toBe(0);
      expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, 'rest-proxy': { condition: 'service_started' } });
    }
    expect(services.postgres?.profiles).toContain('cluster');
  });

  it('splits one shard count between them, each shard on exactly one', () => {
    const configs = bots.map(([, service]) => configOf(service));
    const counts = new Set(configs.map((c) => c.SHARD_COUNT));
    expect(counts.size).toBe(1);
    const [count] = [...counts] as [number];
    const shards = configs.flatMap((c) => shardsOfHost(c.SHARD_IDS, count, 'postgres')).sort((a, b) => a - b);
    expect(shards).toEqual([...Array(count).keys()]);
  });

  it("sends each bot's REST through the proxy service, which runs discord.js's image unpublished", () => {
    expect(proxy?.image).toMatch(/^discordjs\/proxy(:|$)/);
    expect(proxy?.profiles).toEqual(['cluster']);
    expect(proxy?.ports).toBeUndefined();
    for (const [, service] of bots) expect(configOf(service).DISCORD_REST_PROXY).toBe(`http://rest-proxy:${proxy?.environment?.PORT}/api`);
  });
});
