/**
 * Docker's HEALTHCHECK: `node dist/healthcheck.js` asks the running bot's /healthz
 * (http://127.0.0.1:$HEALTH_PORT) and exits 0 when it answers 200, else 1 with a line saying why,
 * within a few seconds. It loads neither discord.js nor the database.
 */
import { existsSync } from 'node:fs';
import { askHealth } from './ops/ask-health.js';

// The settings the bot reads: the environment, then .env for what it leaves unset.
if (existsSync('.env')) process.loadEnvFile('.env');
const { code, line } = await askHealth(process.env);
console.log(line);
process.exit(code);
