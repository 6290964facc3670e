import { startBenchPostgres, openBenchStore } from './two-writers/store.js';
import { GameService, type LoadedGame } from '../src/service/game-service.js';
import { games } from '../src/games/index.js';

const server = await startBenchPostgres();
const bench = await openBenchStore({ kind: 'postgres', url: server.url });
const service = new GameService(bench.store, games);
async function open() {
  const lobby = await service.openLobby({ guildId: 'g', channelId: 'c', hostId: 'u0', hostName: 'u0', gameId: 'cartagena', options: { version: 'jamaica' }, locale: 'en', timeLimitMs: 86400000 });
  if (!lobby.ok) throw new Error('x');
  for (let s = 1; s < 4; s++) await service.join(lobby.value.id, `u${s}`, `u${s}`);
  const started = await service.start(lobby.value.id, 'u0');
  if (!started.ok) throw new Error('y');
  return lobby.value.id;
}
import pg from 'pg';
if (process.env.ALTER) { const c = new pg.Client({ connectionString: server.url }); await c.connect(); for (const q of process.env.ALTER.split(';')) await c.query(q); await c.end(); }
let n = 0;
const s0 = server.cpuMs() as number;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
async function loop() {
  let id = await open();
  const until = Date.now() + Number(process.env.SECS ?? 8) * 1000;
  let i = 0;
  let panel = (await service.load(id)) as LoadedGame;
  while (Date.now() < until) {
    if (!process.env.NOLOAD) panel = (await service.load(id)) as LoadedGame;
    if (panel.row.status !== 'running') { id = await open(); panel = (await service.load(id)) as LoadedGame; continue; }
    const seat = panel.def.toAct(panel.state)[0] as number;
    const legal = panel.def.legalActions(panel.state, seat);
    const out = await service.act(id, panel.seats[seat]?.userId as string, panel.row.version, i++ % legal.length);
    if (out.ok) { n++; panel = out.value.game; }
  }
}
await Promise.all([loop(), loop(), loop(), loop()]);
const secs = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log('actions/s', (n / secs).toFixed(0), 'client cpu ms/action', ((cpu.user + cpu.system) / 1000 / n).toFixed(3), 'server cpu ms/action', (((server.cpuMs() as number) - s0) / n).toFixed(3));
{ const c = new pg.Client({ connectionString: server.url }); await c.connect(); const r = await c.query("select avg(pg_column_size(state)) as col, avg(octet_length(state::text)) as txt, avg(pg_column_size(g.*)) as row from games g where status='running'"); console.log(r.rows); await c.end(); }
await server.stop();
process.exit(0);
