import pg from 'pg';
import { startBenchPostgres, openBenchStore } from './two-writers/store.js';
import { GameService, type LoadedGame } from '../src/service/game-service.js';
import { games } from '../src/games/index.js';

const server = await startBenchPostgres();
const counts = new Map<string, number>();
const q = pg.Client.prototype.query;
let counting = false;
(pg.Client.prototype as any).query = function (this: any, config: any, ...rest: any[]) {
  if (counting) {
    const text = typeof config === 'string' ? config : (config.name ?? config.text);
    counts.set(String(text).slice(0, 140), (counts.get(String(text).slice(0, 140)) ?? 0) + 1);
  }
  return (q as any).call(this, config, ...rest);
};
const bench = await openBenchStore({ kind: 'postgres', url: server.url });
const service = new GameService(bench.store, games);
const lobby = await service.openLobby({ guildId: 'g', channelId: 'c', hostId: 'u0', hostName: 'u0', gameId: 'cartagena', options: { version: 'jamaica' }, locale: 'en', timeLimitMs: 86400000 });
if (!lobby.ok) throw new Error('x');
for (let s = 1; s < 4; s++) await service.join(lobby.value.id, `u${s}`, `u${s}`);
const started = await service.start(lobby.value.id, 'u0');
if (!started.ok) throw new Error('y');
const id = lobby.value.id;
counting = true;
const N = 100;
for (let i = 0; i < N; i++) {
  const panel = (await service.load(id)) as LoadedGame;
  const seat = panel.def.toAct(panel.state)[0] as number;
  const legal = panel.def.legalActions(panel.state, seat);
  const out = await service.act(id, panel.seats[seat]?.userId as string, panel.row.version, i % legal.length);
  if (!out.ok) console.log('refused', out.refusal);
}
counting = false;
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1])) console.log((v / N).toFixed(2), k);
await server.stop();
process.exit(0);
