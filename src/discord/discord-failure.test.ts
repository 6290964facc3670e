import { createServer } from 'node:http';
import { Client, DiscordAPIError, REST, Routes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../tests/support/ports.js';
import { discordFailure } from './discord-failure.js';

/** What `work` rejects with. */
async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('it went through');
}

/** What a REST call to `api` throws. */
const restFailure = (api: string) => failure(() => new REST({ api, retries: 0 }).setToken('x').get(Routes.applicationCommands('1')));

/** An API that refuses every token the way Discord does; its base address, and a way to close it. */
async function refusingApi(): Promise<{ api: string; close: () => void }> {
  const server = createServer((_, res) => {
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: '401: Unauthorized', code: 0 }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { api: `http://127.0.0.1:${(server.address() as { port: number }).port}/api`, close: () => server.close() };
}

describe('discordFailure', () => {
  it('calls a refused token by its name, from the API (401) and from discord.js at login', async () => {
    const { api, close } = await refusingApi();
    const client = new Client({ intents: [], rest: { api } });
    try {
      const refused = [await restFailure(api), await failure(() => client.login('not.a.token'))];
      expect(refused.map((error) => (error as { code?: unknown }).code)).toEqual([0, 'TokenInvalid']);
      for (const error of refused)
        expect(discordFailure(error, api)).toMatch(/^check DISCORD_TOKEN: Discord refused the token \(401 Unauthorized\); copy it again from the Bot page/);
    } finally {
      await client.destroy();
      close();
    }
  });

  it('calls a connection that failed a network failure, with its code and the address it tried', async () => {
    const api = `http://127.0.0.1:${await closedPort()}/api`;
    expect(discordFailure(await restFailure(api), api)).toBe(
      `a network failure: Discord could not be reached at ${api} (ECONNREFUSED); check this machine's network connection and DISCORD_API_BASE`,
    );
    // Through the REST proxy: the setting named is the proxy's.
    expect(discordFailure(await restFailure(api), api, 'DISCORD_REST_PROXY')).toMatch(/check this machine's network connection and DISCORD_REST_PROXY$/);
    // Without DISCORD_API_BASE, Discord's own address; fetch's wrapping is looked through.
    const lookup = new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND discord.com'), { code: 'ENOTFOUND' }) });
    expect(discordFailure(lookup, undefined)).toBe(
      "a network failure: Discord could not be reached at https://discord.com/api (ENOTFOUND); check this machine's network connection",
    );
  });

  it('leaves any other error to its caller', () => {
    const missingAccess = new DiscordAPIError({ message: 'Missing Access', code: 50001 }, 50001, 403, 'PUT', 'http://127.0.0.1/api/v10/x', { body: [] });
    expect(discordFailure(missingAccess, undefined)).toBeNull();
    expect(discordFailure(new Error('something else'), undefined)).toBeNull();
  });
});
