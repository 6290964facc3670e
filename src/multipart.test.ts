import { describe, expect, it } from 'vitest';
import { parseBody } from '../tests/e2e/server/http.js';
import { multipart, payloadOf, withPayload } from './multipart.js';

describe('an upload with another message', () => {
  it('replaces the message and keeps every file byte for byte', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d]);
    const upload = multipart({ content: 'Turn 3\r\n--', attachments: [{ id: 0, filename: 'b.png' }] }, [{ name: 'b.png', data: png }]);
    expect(payloadOf(upload)).toEqual({ content: 'Turn 3\r\n--', attachments: [{ id: 0, filename: 'b.png' }] });
    const renamed = withPayload(upload, { ...payloadOf(upload), content: '**Cartagena** #12\nTurn 3 🇳🇱' });
    expect(renamed.contentType).toBe(upload.contentType);
    const { body, files } = await parseBody(renamed.contentType, renamed.body);
    expect(body).toEqual({ content: '**Cartagena** #12\nTurn 3 🇳🇱', attachments: [{ id: 0, filename: 'b.png' }] });
    expect(files.map((f) => f.filename)).toEqual(['b.png']);
    expect(Buffer.compare(files[0]?.bytes as Buffer, png)).toBe(0);
  });
});
