import { describe, expect, it } from 'vitest';
import { multipart } from '../../src/multipart.js';
import { DiscordHttpError, parseBody } from './server/http.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x2d, 0x2d, 0xff]);

/** The body discord.js sends for an upload: the platform's FormData, encoded by a Response. */
async function formDataBody(json: unknown, files: { name: string; data: Buffer }[]) {
  const form = new FormData();
  form.append('payload_json', JSON.stringify(json));
  files.forEach((f, n) => form.append(`files[${n}]`, new Blob([f.data], { type: 'image/png' }), f.name));
  const response = new Response(form);
  return { type: response.headers.get('content-type') as string, raw: Buffer.from(await response.arrayBuffer()) };
}

describe('multipart uploads', () => {
  it('reads what the bot writes: the message and every file, byte for byte', async () => {
    const json = {
      content: 'Turn 3\r\n--not a boundary',
      attachments: [
        { id: 0, filename: 'a.png' },
        { id: 1, filename: 'b.png' },
      ],
    };
    const upload = multipart(json, [
      { name: 'a.png', data: png },
      { name: 'b.png', data: Buffer.from('second') },
    ]);
    const { body, files } = await parseBody(upload.contentType, upload.body);
    expect(body).toEqual(json);
    expect(files.map((f) => [f.field, f.index, f.filename, f.contentType])).toEqual([
      ['files[0]', 0, 'a.png', 'image/png'],
      ['files[1]', 1, 'b.png', 'image/png'],
    ]);
    expect(Buffer.compare(files[0]!.bytes, png)).toBe(0);
    expect(files[1]!.bytes.toString()).toBe('second');
  });

  it('reads the platform FormData encoding that discord.js uses the same way', async () => {
    const json = { content: 'hello', attachments: [{ id: 0, filename: 'board.png' }] };
    const { type, raw } = await formDataBody(json, [{ name: 'board.png', data: png }]);
    const { body, files } = await parseBody(type, raw);
    expect(body).toEqual(json);
    expect(files).toHaveLength(1);
    expect(files[0]!.filename).toBe('board.png');
    expect(Buffer.compare(files[0]!.bytes, png)).toBe(0);
  });

  it('refuses a body that does not follow the format, with a 400', async () => {
    const good = multipart({ content: 'x' }, [{ name: 'a.png', data: png }]);
    const text = good.body.toString('latin1');
    const broken = [
      ['multipart/form-data', good.body], // no boundary
      [good.contentType, Buffer.from(text.slice(2), 'latin1')], // does not start with the boundary
      [good.contentType, Buffer.from(text.slice(0, text.lastIndexOf('--harbour')), 'latin1')], // never closed
      [good.contentType, Buffer.from(text.replace('form-data; name="payload_json"', 'attachment'), 'latin1')], // not form-data
      [good.contentType, Buffer.from(text.replace('Content-Type: application/json', 'no colon here'), 'latin1')],
    ] as const;
    for (const [type, raw] of broken) {
      const error = await parseBody(type, raw).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${type} ${raw.toString('latin1').slice(0, 60)}`).toBeInstanceOf(DiscordHttpError);
      expect((error as DiscordHttpError).status).toBe(400);
    }
  });
});
