/**
 * With shards, only the sharding manager listens on HEALTH_PORT. It asks each shard over the
 * shard's IPC channel for its health and its metrics (as data), and answers for all: healthy
 * only when every shard is, and every shard's series with a `shard` label, so that none is added
 * to another's. A shard that is not running or does not answer in time is a health problem, and
 * `harbour_shard_up` says which shards' metrics are missing.
 */
import { AggregatorRegistry, Gauge, Registry } from 'prom-client';
import type { Health } from './health.js';
import type { OpsEndpoints } from './http.js';
import type { MetricsJson } from './metrics.js';

/** Marks our messages among discord.js's own on the same channel. */
const TAG = 'harbourOps';

type Question = 'health' | 'metrics';

/** What a shard tells its manager. */
export interface ShardReport {
  health(): Health | Promise<Health>;
  metrics(): Promise<MetricsJson>;
}

/** A shard's end of the IPC channel: its process. */
export interface ManagerChannel {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  send?: (message: unknown) => unknown;
}

/** In a shard: answers the manager's questions. */
export function answerManager(report: ShardReport, channel: ManagerChannel = process): void {
  channel.on('message', (message) => {
    if (!isOurs(message) || (message.ask !== 'health' && message.ask !== 'metrics')) return;
    const id = message[TAG];
    const answer =
      message.ask === 'health' ? Promise.resolve().then(async () => ({ health: await report.health() })) : report.metrics().then((metrics) => ({ metrics }));
    answer.then(
      (reply) => channel.send?.({ [TAG]: id, ...reply }),
      (error: unknown) => channel.send?.({ [TAG]: id, error: String(error) }),
    );
  });
}

/** The manager's end: a shard (discord.js `Shard`), as far as this file needs it. */
export interface ShardChannel {
  process: { exitCode: number | null } | null;
  send(message: unknown): Promise<unknown>;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** How long the manager waits for a shard's answer. */
const ANSWER_MS = 3000;

/** In the manager: the endpoints, answered by asking this host's shards (`ids`; the others are other hosts'). */
export function shardEndpoints(shards: ReadonlyMap<number, ShardChannel>, ids: readonly number[], answerMs = ANSWER_MS): OpsEndpoints {
  /** Each shard's answer, or why there is none. */
  const askAll = <T>(question: Question) =>
    Promise.all(
      ids.map(async (id) => {
        const shard = shards.get(id);
        if (!shard?.process || shard.process.exitCode !== null) return { id, failed: 'not running' };
        try {
          return { id, answer: (await ask(shard, question, answerMs)) as T };
        } catch (error) {
          return { id, failed: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  return {
    async health() {
      const answers = await askAll<Health>('health');
      const problems = answers.flatMap((shard) =>
        shard.answer ? shard.answer.problems.map((problem) => `shard ${shard.id}: ${problem}`) : [`shard ${shard.id}: ${shard.failed}`],
      );
      const notes = answers.flatMap((shard) => shard.answer?.notes ?? []);
      return { ok: problems.length === 0, problems, ...(notes.length > 0 ? { notes } : {}) };
    },
    async metrics() {
      const answers = await askAll<MetricsJson>('metrics');
      const up = await shardsUp(answers.map(({ id, answer }) => ({ id, up: answer !== undefined })));
      const merged = AggregatorRegistry.aggregate([up, ...answers.flatMap(({ id, answer }) => (answer ? [labelled(answer, id)] : []))]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

/** Which shards' metrics are in the answer. */
async function shardsUp(shards: { id: number; up: boolean }[]): Promise<MetricsJson> {
  const registry = new Registry();
  const gauge = new Gauge({
    name: 'harbour_shard_up',
    help: "1 when the shard answered the manager's request for its metrics, else 0",
    labelNames: ['shard'],
    registers: [registry],
  });
  for (const { id, up } of shards) gauge.set({ shard: String(id) }, up ? 1 : 0);
  return registry.getMetricsAsJSON();
}

/**
 * Every series gets its shard's label. With every series distinct, nothing is aggregated; the
 * aggregator is set to `sum` for all because some of Node's default metrics are left out (`omit`)
 * by the one they declare.
 */
function labelled(metrics: MetricsJson, shard: number): MetricsJson {
  return metrics.map((metric) => ({
    ...metric,
    aggregator: 'sum',
    values: metric.values.map((value) => ({ ...value, labels: { ...value.labels, shard: String(shard) } })),
  }));
}

let nextQuestion = 1;

function ask(shard: ShardChannel, question: Question, answerMs: number): Promise<unknown> {
  const id = nextQuestion++;
  return new Promise((resolve, reject) => {
    const listener = (message: unknown) => {
      if (!isOurs(message) || message[TAG] !== id) return;
      if (typeof message.error === 'string') done(new Error(`could not answer (${message.error})`));
      else done(null, message[question]);
    };
    const timer = setTimeout(() => done(new Error(`did not answer within ${answerMs / 1000} s`)), answerMs);
    function done(error: Error | null, answer?: unknown) {
      clearTimeout(timer);
      shard.off('message', listener);
      if (error) reject(error);
      else resolve(answer);
    }
    shard.on('message', listener);
    shard.send({ [TAG]: id, ask: question }).catch((error: unknown) => done(new Error(`could not be asked (${String(error)})`)));
  });
}

function isOurs(message: unknown): message is Record<string, unknown> & { [TAG]: number } {
  return typeof message === 'object' && message !== null && typeof (message as Record<string, unknown>)[TAG] === 'number';
}
