/**
 * Operating the bot: its start line, /healthz and /metrics (HEALTH_PORT), the log lines of the
 * gateway, and the summary that stands for the per-click lines at the info level. Then the same
 * endpoints served by the sharding manager for two shards.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from './bot-process.js';
import { TWO_SHARD_GUILDS, useHarness } from './harness.js';
import { chooseMove, mentionedUsers, nextBoardPost, openAndStart, playTurn } from './play.js';
import { type FakeDiscord, type SimUser } from './server/index.js';
import { sleep } from './server/waits.js';
import { inDatabase } from './database-access.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Where the bot serves health and metrics, from its log line (HEALTH_PORT=0: a free port). */
async function opsUrl(discord: FakeDiscord, bot: BotProcess): Promise<string> {
  const line = await discord.waitFor(() => bot.logs().find((l) => l.msg === 'serving health and metrics'), {
    what: 'the health and metrics line',
    timeoutMs: 60_000,
  });
  return line.url as string;
}

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

/** Asks again until `check` holds; fails with the last answer. Answers change with time here. */
async function eventually<T>(ask: () => Promise<T>, check: (answer: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (check(answer)) return answer;
    if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs} ms; the last answer: ${JSON.stringify(answer)}`);
    await sleep(200);
  }
}

/** How many actions the games' logs hold. */
function movesStored(databasePath: string): number {
  return inDatabase(databasePath, (db) => {
    return (db.prepare('SELECT count(*) AS n FROM actions').get() as { n: number }).n;
  });
}

/**
 * Prometheus' text format, checked line by line: every sample belongs to a metric with a TYPE
 * and has a number. Returns each series' value by its name and labels as written.
 */
function parseMetrics(text: string): Map<string, number> {
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1] as string, type[2] as string);
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(\{(?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})? (-?[\d.e+-]+|NaN|[+-]Inf)$/.exec(line);
    if (!sample) throw new Error(`not a line of Prometheus' text format: ${line}`);
    const name = sample[1] as string;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`a sample without a TYPE: ${line}`);
    samples.set(`${name}${sample[2] ?? ''}`, Number(sample[3]));
  }
  return samples;
}

describe('one process', () => {
  // The summary's minute shortened (an internal setting, for tests only).
  const harness = useHarness('operations', ['anne', 'bert'], { env: { HEALTH_PORT: '0', HARBOUR_SUMMARY_MS: '1500' } });
  let url: string;

  beforeAll(async () => {
    url = await opsUrl(harness.discord, harness.bot);
  });

  it('starts with one line: the version in package.json and the settings in force, without the token', () => {
    const start = harness.bot.logs().find((l) => l.msg === 'starting') as { version: string; pid: number; settings: Record<string, unknown> };
    expect(start.version).toBe(version);
    expect(start.pid).toEqual(expect.any(Number));
    expect(start.settings).toMatchObject({ DATABASE_PATH: harness.databasePath, HEALTH_PORT: 0, HEALTH_HOST: '127.0.0.1', LOG_LEVEL: 'info', SHARD_COUNT: 1 });
    expect(Object.keys(start.settings)).not.toContain('DISCORD_TOKEN');
    expect(harness.bot.output.join('\n')).not.toContain(harness.token);
  });

  it('says it is healthy while connected, and serves nothing but GET /healthz and /metrics', async () => {
    expect(await get(`${url}/healthz`)).toEqual({ status: 200, body: 'ok\n' });
    expect((await get(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'DELETE' })).status).toBe(405);
  });

  it('counts clicks, moves and posts in /metrics; at the info level a summary stands for the per-click lines', async () => {
    const [anne, bert] = harness.users;
    const { threadId } = await openAndStart(harness.discord, [anne, bert], { game: 'cartagena', variant: 'jamaica' });
    let post = await nextBoardPost(harness.discord, threadId, undefined);
    let panels = 0;
    for (let turn = 0; turn < 2; turn++) {
      const [player] = mentionedUsers(post, [anne, bert]) as [SimUser];
      panels += (await playTurn(player, post, chooseMove)).length;
      post = await nextBoardPost(harness.discord, threadId, post);
    }
    // /game new, Join, Start, then each panel opened or changed.
    const clicks = 3 + panels;
    const moves = movesStored(harness.databasePath);
    // The third post is counted once it is recorded, a moment after Discord shows it.
    const metrics = await eventually(
      async () => parseMetrics((await get(`${url}/metrics`)).body),
      (m) => m.get('harbour_posts_total') === 3,
      'three posts counted',
    );
    const interactions = [...metrics].filter(([series]) => series.startsWith('harbour_interactions_total{')).reduce((sum, [, n]) => sum + n, 0);
    expect(interactions).toBe(clicks);
    expect(metrics.get('harbour_interactions_total{outcome="ok"}')).toBeGreaterThan(0);
    expect(metrics.get('harbour_interaction_duration_seconds_count{kind="component"}')).toBe(clicks - 1);
    expect(metrics.get('harbour_interaction_duration_seconds_count{kind="command"}')).toBe(1);
    expect(metrics.get('harbour_moves_total')).toBe(moves);
    expect(metrics.get('harbour_errors_total')).toBe(0);
    expect(metrics.get('harbour_games_running')).toBe(1);
    expect(metrics.get('harbour_guilds')).toBe(1);
    expect(metrics.get('harbour_gateway_connected{shard="0"}')).toBe(1);
    expect(metrics.get('harbour_posts_owed')).toBeGreaterThanOrEqual(0);
    expect(metrics.get('harbour_board_queue_length')).toBeGreaterThanOrEqual(0);
    expect(metrics.get('harbour_bot_queue_length')).toBe(0);
    expect(metrics.get('harbour_database_bytes{file="main"}')).toBeGreaterThan(0);
    expect(metrics.get('harbour_database_bytes{file="wal"}')).toBeGreaterThan(0);
    expect(metrics.get('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    const logs = () => harness.bot.logs();
    const summary = await harness.discord.waitFor(() => logs().find((l) => l.msg === 'activity' && (l.interactions as number) > 0), {
      what: 'an activity summary',
      timeoutMs: 10_000,
    });
    expect(summary).toMatchObject({ level: 30, interactions: expect.any(Number), moves: expect.any(Number), posts: expect.any(Number), errors: 0 });
    const summed = (field: string) =>
      logs()
        .filter((l) => l.msg === 'activity')
        .reduce((sum, l) => sum + (l[field] as number), 0);
    await harness.discord.waitFor(() => summed('interactions') === clicks && summed('moves') === moves && summed('posts') === 3, {
      what: 'the summaries to count every click, move and post',
      timeoutMs: 10_000,
    });
    expect(logs().filter((l) => l.msg === 'interaction' || l.msg === 'bot move')).toEqual([]);
  });

  it('logs a dropped gateway connection with its close code, and its resume', async () => {
    harness.discord.disconnectBot({ code: 4000 });
    const resumed = await harness.discord.waitFor(() => harness.bot.logs().find((l) => l.msg === 'gateway resumed'), {
      what: 'the resume to be logged',
      timeoutMs: 20_000,
    });
    expect(resumed).toMatchObject({ level: 30, shard: 0, code: 4000, attempts: 1 });
    const lines = harness.bot.logs().filter((l) => typeof l.msg === 'string' && l.msg.startsWith('gateway'));
    expect(lines.map((l) => [l.msg, l.code])).toEqual([
      ['gateway connection closed', 4000],
      ['gateway reconnecting', 4000],
      ['gateway resumed', 4000],
    ]);
    expect(lines[0]?.level).toBe(40);
  });

  it('answers 503 with the reason while the gateway is down, and 200 once it is back', async () => {
    harness.discord.takeGatewayDown();
    try {
      const down = await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 503,
        'unhealthy answer',
      );
      expect(down.body).toMatch(/^gateway: not connected to Discord/);
      const metrics = parseMetrics((await get(`${url}/metrics`)).body);
      expect(metrics.get('harbour_gateway_connected{shard="0"}')).toBe(0);
    } finally {
      harness.discord.bringGatewayUp();
    }
    expect(
      await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 200,
        'healthy answer',
      ),
    ).toEqual({ status: 200, body: 'ok\n' });
    expect(harness.bot.logs().filter((l) => l.msg === 'gateway reconnecting').length).toBeGreaterThan(1);
  });

  it('answers 503 with the reason while the database cannot be written, and 200 once it can', async () => {
    const { pid } = harness.bot.logs().find((l) => l.msg === 'starting') as { pid: number };
    // A file size limit of one byte for the running bot: every write to a file fails (EFBIG).
    execFileSync('prlimit', [`--pid=${pid}`, '--fsize=1:unlimited']);
    try {
      const down = await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 503,
        'unhealthy answer',
      );
      expect(down.body).toMatch(/^database: cannot be written \(SQLITE_IOERR/);
    } finally {
      execFileSync('prlimit', [`--pid=${pid}`, '--fsize=unlimited']);
    }
    expect(
      await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 200,
        'healthy answer',
      ),
    ).toEqual({ status: 200, body: 'ok\n' });
  });
});

describe('shards', () => {
  // A sharding manager with two shard processes, one server each.
  const harness = useHarness('operations-shards', [], { guilds: TWO_SHARD_GUILDS, env: { SHARD_COUNT: '2', HEALTH_PORT: '0' } });
  let url: string;

  beforeAll(async () => {
    url = await opsUrl(harness.discord, harness.bot);
    await harness.discord.waitForShards(2, { timeoutMs: 60_000 });
  });

  it('the manager alone listens, and answers for both shards', async () => {
    const served = harness.bot.logs().filter((l) => l.msg === 'serving health and metrics');
    expect(served).toHaveLength(1);
    expect(served[0]?.shard).toBeUndefined();
    const manager = harness.bot.logs().find((l) => l.msg === 'starting the sharding manager') as { version: string; settings: Record<string, unknown> };
    expect(manager.version).toBe(version);
    expect(manager.settings).toMatchObject({ SHARD_COUNT: 2 });

    expect(
      await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 200,
        'healthy answer',
        60_000,
      ),
    ).toEqual({ status: 200, body: 'ok\n' });
    const metrics = parseMetrics((await get(`${url}/metrics`)).body);
    for (const shard of ['0', '1']) {
      expect(metrics.get(`harbour_shard_up{shard="${shard}"}`)).toBe(1);
      expect(metrics.get(`harbour_gateway_connected{shard="${shard}"}`)).toBe(1);
      expect(metrics.get(`harbour_guilds{shard="${shard}"}`)).toBe(1);
      expect(metrics.get(`harbour_games_running{shard="${shard}"}`)).toBe(0);
      expect(metrics.get(`process_resident_memory_bytes{shard="${shard}"}`)).toBeGreaterThan(0);
    }
    // One file: shard 0 tells its size.
    expect(metrics.get('harbour_database_bytes{file="main",shard="0"}')).toBeGreaterThan(0);
    expect([...metrics.keys()].filter((series) => series.startsWith('harbour_database_bytes') && series.includes('shard="1"'))).toEqual([]);
  });

  it('is unhealthy when any shard is, naming each', async () => {
    harness.discord.takeGatewayDown();
    try {
      const down = await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 503 && answer.body.includes('shard 0:') && answer.body.includes('shard 1:'),
        'unhealthy answer',
      );
      expect(down.body).toMatch(/^shard 0: gateway: not connected to Discord/m);
      expect(down.body).toMatch(/^shard 1: gateway: not connected to Discord/m);
    } finally {
      harness.discord.bringGatewayUp();
    }
    expect(
      await eventually(
        () => get(`${url}/healthz`),
        (answer) => answer.status === 200,
        'healthy answer',
        60_000,
      ),
    ).toEqual({ status: 200, body: 'ok\n' });
  });
});
