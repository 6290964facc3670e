/**
 * The local Discord refuses what the real one refuses in a message or a thread: half an emoji (a
 * lone UTF-16 surrogate) in any string of a body, and every length and count limit, each with
 * 50035 "Invalid Form Body" and the path of the field. Lengths count code points, as Discord does.
 */
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../src/multipart.js';
import { startFakeDiscord, type FakeDiscord } from './server/index.js';

const TOKEN = 'fake-bot-token';
const HALF_EMOJI = '🗡'.slice(0, 1);

describe("the local Discord's limits on what the bot sends", () => {
  let discord: FakeDiscord;
  let rest: REST;
  const messages = () => Routes.channelMessages(discord.defaultChannel.id);
  const post = (body: Record<string, unknown>) => rest.post(messages(), { body });
  /** Refused with 50035 and the error at `path` (a nested object, as Discord gives it). */
  const refusedAt = (errors: Record<string, unknown>) => ({ status: 400, code: 50035, rawError: { errors } });

  const select = (options: unknown[], customId = 'pick') => ({ type: 1, components: [{ type: 3, custom_id: customId, options }] });
  const option = (label: string, value = label, description?: string) => ({ label, value, ...(description === undefined ? {} : { description }) });
  const buttons = (n: number, row = 0) => ({
    type: 1,
    components: Array.from({ length: n }, (_, i) => ({ type: 2, style: 2, custom_id: `b${row}-${i}`, label: `B${i}` })),
  });

  beforeAll(async () => {
    discord = await startFakeDiscord({ botToken: TOKEN, defaultTimeoutMs: 5000 });
    rest = new REST({ api: discord.apiBase, retries: 0 }).setToken(TOKEN);
  });

  afterAll(async () => {
    await discord.stop();
  });

  it('refuses half an emoji in any string of a body, with the path of the field', async () => {
    await expect(post({ content: `Dagger ${HALF_EMOJI}` })).rejects.toMatchObject(refusedAt({ content: { _errors: [expect.anything()] } }));
    // The replay's "go to move" menu with a log line cut inside its emoji.
    await expect(post({ content: 'Replay', components: [select([option('Move 1', '1', `carol played ${HALF_EMOJI}`)])] })).rejects.toMatchObject(
      refusedAt({ components: { 0: { components: { 0: { options: { 0: { description: expect.anything() } } } } } } }),
    );
    // A low half alone is as bad; so is one in an upload's payload_json.
    await expect(post({ content: 'x', embeds: [{ title: `${'🗡'.slice(1)}` }] })).rejects.toMatchObject(
      refusedAt({ embeds: { 0: { title: expect.anything() } } }),
    );
    const upload = multipart({ content: `Board ${HALF_EMOJI}`, attachments: [{ id: 0, filename: 'b.png' }] }, [{ name: 'b.png', data: Buffer.from('png') }]);
    await expect(rest.post(messages(), { body: upload.body, passThroughBody: true, headers: { 'Content-Type': upload.contentType } })).rejects.toMatchObject(
      refusedAt({ content: expect.anything() }),
    );
    // Whole emoji, flags, skin tones and sequences pass.
    const whole = 'carol played 🗡️ Dagger 🇳🇱 👋🏽 👨‍👩‍👧‍👦';
    const sent = (await post({ content: whole, components: [select([option('Move 1', '1', whole)])] })) as { id: string };
    expect(discord.message(sent.id).content).toBe(whole);
  });

  it('refuses content over 2,000 characters, counted as Discord counts them (code points)', async () => {
    await expect(post({ content: 'x'.repeat(2001) })).rejects.toMatchObject(refusedAt({ content: expect.anything() }));
    await expect(post({ content: 'x'.repeat(2000) })).resolves.toBeDefined();
    // 2,000 code points, 4,000 UTF-16 code units: Discord takes it.
    await expect(post({ content: '👋'.repeat(2000) })).resolves.toBeDefined();
    await expect(post({ content: '👋'.repeat(2001) })).rejects.toMatchObject(refusedAt({ content: expect.anything() }));
  });

  it('refuses select menus past their limits: 25 options, 100 characters per label, value and description, a custom id of 100', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => option(`Option ${i}`));
    await expect(post({ components: [select(many(26))] })).rejects.toMatchObject(
      refusedAt({ components: { 0: { components: { 0: { options: expect.anything() } } } } }),
    );
    await expect(post({ components: [select(many(25))] })).resolves.toBeDefined();
    const at = (field: string) => refusedAt({ components: { 0: { components: { 0: { options: { 0: { [field]: expect.anything() } } } } } } });
    await expect(post({ components: [select([option('x'.repeat(101), 'v')])] })).rejects.toMatchObject(at('label'));
    await expect(post({ components: [select([option('l', 'x'.repeat(101))])] })).rejects.toMatchObject(at('value'));
    await expect(post({ components: [select([option('l', 'v', 'x'.repeat(101))])] })).rejects.toMatchObject(at('description'));
    await expect(post({ components: [select([option('l', 'v', 'x'.repeat(100))])] })).resolves.toBeDefined();
    await expect(post({ components: [select([option('l')], 'x'.repeat(101))] })).rejects.toMatchObject(
      refusedAt({ components: { 0: { components: { 0: { custom_id: expect.anything() } } } } }),
    );
  });

  it('refuses more than 5 rows or more than 5 buttons in a row', async () => {
    await expect(post({ components: [0, 1, 2, 3, 4, 5].map((r) => buttons(1, r)) })).rejects.toMatchObject(refusedAt({ components: expect.anything() }));
    await expect(post({ components: [buttons(6)] })).rejects.toMatchObject(refusedAt({ components: { 0: { components: expect.anything() } } }));
    await expect(post({ components: [0, 1, 2, 3, 4].map((r) => buttons(5, r)) })).resolves.toBeDefined();
  });

  it('refuses embeds past their limits', async () => {
    await expect(post({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) })).rejects.toMatchObject(refusedAt({ embeds: expect.anything() }));
    await expect(post({ embeds: [{ description: 'x'.repeat(4097) }] })).rejects.toMatchObject(refusedAt({ embeds: { 0: { description: expect.anything() } } }));
    await expect(post({ embeds: [{ description: 'x'.repeat(4096) }] })).resolves.toBeDefined();
  });

  it('refuses a thread name over 100 characters or with half an emoji, when the thread is made and when it is renamed', async () => {
    const starter = (await post({ content: 'Lobby' })) as { id: string };
    const threads = Routes.threads(discord.defaultChannel.id, starter.id);
    await expect(rest.post(threads, { body: { name: 'x'.repeat(101) } })).rejects.toMatchObject(refusedAt({ name: expect.anything() }));
    await expect(rest.post(threads, { body: { name: `Cartagena ${HALF_EMOJI}` } })).rejects.toMatchObject(refusedAt({ name: expect.anything() }));
    // 100 characters of which some are emoji: 100 code points, more UTF-16 code units.
    const thread = (await rest.post(threads, { body: { name: `${'x'.repeat(90)}${'👋'.repeat(10)}` } })) as { id: string };
    await expect(rest.patch(Routes.channel(thread.id), { body: { name: 'y'.repeat(101) } })).rejects.toMatchObject(refusedAt({ name: expect.anything() }));
    await expect(rest.patch(Routes.channel(thread.id), { body: { name: '' } })).rejects.toMatchObject(refusedAt({ name: expect.anything() }));
    await expect(rest.patch(Routes.channel(thread.id), { body: { name: 'Renamed' } })).resolves.toMatchObject({ name: 'Renamed' });
  });
});
