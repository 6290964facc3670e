/** The check the harness runs on the bot's output can fail: each kind of leak is caught. */
import { describe, expect, it } from 'vitest';
import { assertLogHygiene, logProblems, privateLines, type LogSecrets } from './log-hygiene.js';

const interactionToken = Buffer.from(`interaction:1300000000000000001:${'k'.repeat(64)}`).toString('base64url');
const secrets: LogSecrets = {
  botToken: 'e2e-token.hygiene.secret-part',
  interactionTokens: [interactionToken],
  privateTexts: ['#4 · **Your hand:** Skull ×2, Bottle, Pistol\nAnne\nCartagena #4 (Jamaica)', 'You chose the "Quiet cave" card'],
  publicTexts: ['**Cartagena #4 (Jamaica)**\nAnne moved a pirate'],
};
const clean = [
  '{"level":30,"time":1,"game":4,"user":"17","action":"move","outcome":"ok:v3","latencyMs":12,"msg":"interaction"}',
  '{"level":50,"time":2,"err":{"type":"DiscordAPIError","method":"POST","route":"/interactions/1/:token/callback","status":404,"code":10062},"msg":"interaction failed"}',
];

describe('the log hygiene check', () => {
  it('passes clean output', () => {
    expect(logProblems(clean, secrets)).toEqual([]);
    expect(() => assertLogHygiene(clean, secrets)).not.toThrow();
  });

  it('takes only distinctive private lines: long enough and not shown publicly', () => {
    expect(privateLines(secrets.privateTexts, secrets.publicTexts)).toEqual([
      '#4 · **Your hand:** Skull ×2, Bottle, Pistol',
      'You chose the "Quiet cave" card',
    ]);
  });

  it.each([
    ['the bot token', `{"msg":"login","auth":"Bot ${secrets.botToken}"}`, /holds the bot token/],
    [
      'an interaction token by its prefix',
      `{"url":"/interactions/9/${Buffer.from('interaction:9:x').toString('base64url')}/callback"}`,
      /holds an interaction token/,
    ],
    ['a known interaction token without its prefix', `{"tail":"${interactionToken.slice(-40)}"}`, /holds an interaction token/],
    ['a panel line', '{"requestBody":{"json":{"data":{"content":"#4 · **Your hand:** Skull ×2, Bottle, Pistol"}}}}', /private message \("#4 · \*\*Your hand/],
    ['a panel line escaped in JSON', '{"body":"You chose the \\"Quiet cave\\" card"}', /private message/],
    ['an overlong line', `{"png":"${'iVBORw0KGgo'.repeat(300)}"}`, /is \d+ characters long \(limit 2000\)/],
  ])('fails on %s', (_what, line, reason) => {
    const problems = logProblems([...clean, line], secrets);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^line 3: /);
    expect(problems[0]).toMatch(reason);
    expect(() => assertLogHygiene([...clean, line], secrets)).toThrow(/must never print \(1 of 3 lines\)/);
  });

  it('does not repeat the secrets in its own message, and keeps it short', () => {
    const lines = Array.from({ length: 30 }, () => `{"token":"${secrets.botToken}","url":"/webhooks/1/${interactionToken}${'x'.repeat(3000)}"}`);
    let message = '';
    try {
      assertLogHygiene(lines, secrets);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/30 of 30 lines/);
    expect(message).toMatch(/… and 10 more/);
    expect(message).not.toContain(secrets.botToken);
    expect(message).not.toContain(interactionToken.slice(0, 24));
    expect(message.length).toBeLessThan(30 * 400);
  });
});
