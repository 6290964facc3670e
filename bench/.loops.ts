import { performance } from 'node:perf_hooks';
import { startBenchPostgres, openBenchStore } from './two-writers/store.js';
import { GameService, type LoadedGame } from '../src/service/game-service.js';
import { games } from '../src/games/index.js';
const s = process.argv[2] === 'sqlite' ? null : await startBenchPostgres();
const b = await openBenchStore(s ? { kind: 'postgres', url: s.url } : { kind: 'sqlite', path: `/tmp/loops-${process.pid}.sqlite` });
const service = new GameService(b.store, games);
let acts = 0;
const open = async () => {
  const lobby = await service.openLobby({
    guildId: 'g',
    channelId: 'c',
    hostId: 'u0',
    hostName: 'u0',
    gameId: 'cartagena',
    options: { version: 'jamaica' },
    locale: 'en',
    timeLimitMs: null,
  });
  if (!lobby.ok) throw new Error();
  for (let i = 1; i < 4; i++) await service.join(lobby.value.id, `u${i}`, `u${i}`);
  const st = await service.start(lobby.value.id, 'u0');
  if (!st.ok) throw new Error();
  return st.value.row.id;
};
const until = Date.now() + Number(process.argv[3] ?? 3000);
const loops = Number(process.argv[4] ?? 4);
const t0 = performance.now();
const c0 = process.cpuUsage();
const timer = setInterval(() => {
  const m = process.memoryUsage();
  console.log('heap', (m.heapUsed / 2 ** 20).toFixed(0), 'rss', (m.rss / 2 ** 20).toFixed(0), 'acts', acts);
}, 500);
await Promise.all(
  Array.from({ length: loops }, async () => {
    let id = await open();
    while (Date.now() < until) {
      const g = (await service.load(id)) as LoadedGame;
      if (g.row.status !== 'running') {
        id = await open();
        continue;
      }
      const seat = g.def.toAct(g.state)[0] as number;
      const o = await service.act(id, g.seats[seat]!.userId, g.row.version, 0);
      if (o.ok) acts++;
    }
  }),
);
clearInterval(timer);
const el = performance.now() - t0;
const c = process.cpuUsage(c0);
console.log('acts/s', ((acts / el) * 1000).toFixed(0), 'cpu%', ((c.user + c.system) / 10 / el).toFixed(0));
await b.close();
await s?.stop();
