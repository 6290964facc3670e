/**
 * Setting the bot up on Discord as a new admin does: registering and removing the slash commands,
 * a token that is wrong, a Discord that cannot be reached, a bot started before its commands exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/ports.js';
import { BotProcess, tempDatabasePath } from './bot-process.js';
import { assertLogHygiene, secretsOf } from './log-hygiene.js';
import { npmScript } from './npm-script.js';
import { startFakeDiscord, type FakeDiscord } from './server/index.js';

const TOKEN = 'e2e-token.discord-setup.secret-part';
const COMMANDS = ['/game', '/games', '/rules', '/stats', '/leaderboard', '/profile', '/away', '/settings', '/help'];

let discord: FakeDiscord;
beforeAll(async () => {
  discord = await startFakeDiscord({ botToken: TOKEN });
});
afterAll(async () => {
  await discord.stop();
});

const names = (guildId: string | null) => discord.commands(guildId).map((c) => `/${c.name}`);

describe('npm run deploy-commands', () => {
  it('registers the commands globally, and with --remove removes them, one line each', async () => {
    const registered = await npmScript('deploy-commands', [], discord.botEnv());
    expect(registered).toEqual({ code: 0, stdout: [`Registered ${COMMANDS.length} commands globally.`], stderr: [] });
    expect(names(null)).toEqual(COMMANDS);

    const removed = await npmScript('deploy-commands', ['--remove'], discord.botEnv());
    expect(removed).toEqual({ code: 0, stdout: [`Removed ${COMMANDS.length} commands that were registered globally: ${COMMANDS.join(', ')}.`], stderr: [] });
    expect(names(null)).toEqual([]);

    const again = await npmScript('deploy-commands', ['--remove'], discord.botEnv());
    expect(again).toEqual({ code: 0, stdout: ['No commands were registered globally; nothing to remove.'], stderr: [] });
  });

  it('with DISCORD_DEV_GUILD_ID, registers and removes them in that server only', async () => {
    const guild = discord.guild.id;
    const env = { ...discord.botEnv(), DISCORD_DEV_GUILD_ID: guild };
    await npmScript('deploy-commands', [], discord.botEnv());
    expect((await npmScript('deploy-commands', [], env)).stdout).toEqual([`Registered ${COMMANDS.length} commands in server ${guild}.`]);
    expect(names(guild)).toEqual(COMMANDS);

    const removed = await npmScript('deploy-commands', ['--remove'], env);
    expect(removed).toEqual({ code: 0, stdout: [`Removed ${COMMANDS.length} commands from server ${guild}: ${COMMANDS.join(', ')}.`], stderr: [] });
    expect(names(guild)).toEqual([]);
    expect(names(null)).toEqual(COMMANDS);
    await npmScript('deploy-commands', ['--remove'], discord.botEnv());
  });

  it('says in one sentence that the token was refused, without the request or the token', async () => {
    const wrongToken = 'e2e-token.wrong.secret-part';
    const refused = await npmScript('deploy-commands', [], { ...discord.botEnv(), DISCORD_TOKEN: wrongToken });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toEqual([]);
    expect(refused.stderr).toEqual([
      'Could not register the slash commands; check DISCORD_TOKEN: Discord refused the token (401 Unauthorized); copy it again from the Bot page of your application at https://discord.com/developers/applications (Reset Token makes a new one).',
    ]);
    expect(names(null)).toEqual([]);
  });

  it('says in one sentence that Discord could not be reached, and where it tried', async () => {
    const apiBase = `http://127.0.0.1:${await closedPort()}/api`;
    const unreachable = await npmScript('deploy-commands', ['--remove'], { ...discord.botEnv(), DISCORD_API_BASE: apiBase });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toEqual([]);
    expect(unreachable.stderr).toEqual([
      `Could not remove the slash commands; a network failure: Discord could not be reached at ${apiBase} (ECONNREFUSED); check this machine's network connection and DISCORD_API_BASE.`,
    ]);
  });

  it('refuses an API base that is not an http(s) address with a host', async () => {
    const bad = await npmScript('deploy-commands', [], { ...discord.botEnv(), DISCORD_API_BASE: 'http:/127.0.0.1/api' });
    expect(bad).toEqual({
      code: 1,
      stdout: [],
      stderr: ['DISCORD_API_BASE must be an http:// or https:// address with a host, such as http://127.0.0.1:8080/api; leave it unset to use Discord itself.'],
    });
  });
});

describe('the bot', () => {
  let bot: BotProcess | undefined;
  afterAll(async () => {
    await bot?.stop();
  });

  it('started before any command is registered, says once how to register them', async () => {
    expect(names(null)).toEqual([]);
    bot = new BotProcess({ ...discord.botEnv(), DATABASE_PATH: tempDatabasePath(), BACKUP_INTERVAL_HOURS: '0' });
    bot.start();
    await discord.waitForBotReady();
    const warnings = () => bot?.logs().filter((line) => typeof line.msg === 'string' && line.msg.startsWith('no slash commands are registered yet')) ?? [];
    const [warning] = await discord.waitFor(() => (warnings().length > 0 ? warnings() : null), {
      what: 'the bot to say how to register its commands',
      timeoutMs: 20_000,
    });
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('run npm run deploy-commands once') });
    expect(await bot.stop()).toBe(0);
    expect(warnings()).toHaveLength(1);
    assertLogHygiene(bot.output, secretsOf(discord, TOKEN));
  });

  it('that cannot reach Discord at login says it is a network failure, in one line, and stops', async () => {
    const apiBase = `http://127.0.0.1:${await closedPort()}/api`;
    bot = new BotProcess({ ...discord.botEnv(), DISCORD_API_BASE: apiBase, DATABASE_PATH: tempDatabasePath(), BACKUP_INTERVAL_HOURS: '0' });
    bot.start();
    expect(await bot.exited(30_000)).toBe(1);
    const failures = bot.logs().filter((line) => (line.level as number) >= 50);
    expect(failures.map((line) => line.msg)).toEqual([
      `could not log in to Discord; a network failure: Discord could not be reached at ${apiBase} (ECONNREFUSED); check this machine's network connection and DISCORD_API_BASE`,
    ]);
    assertLogHygiene(bot.output, secretsOf(discord, TOKEN));
  });
});
