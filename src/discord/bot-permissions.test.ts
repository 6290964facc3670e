import { PermissionFlagsBits as P, PermissionsBitField } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { gamePlace } from './bot-permissions.js';

const bits = (...flags: bigint[]) => new PermissionsBitField(flags.reduce((all, flag) => all | flag, 0n));
const inChannel = { inThread: false, useThreads: true };

describe('where the bot can play a game from a channel', () => {
  it('in a thread where it may open one and post in it, else in the channel, else nowhere', () => {
    const all = [P.ViewChannel, P.SendMessages, P.CreatePublicThreads, P.SendMessagesInThreads];
    expect(gamePlace(bits(...all), inChannel)).toBe('thread');
    expect(gamePlace(bits(...all), { ...inChannel, useThreads: false })).toBe('channel');
    // Without Send Messages in Threads a thread would be left at its first post: the channel.
    expect(gamePlace(bits(P.ViewChannel, P.SendMessages, P.CreatePublicThreads), inChannel)).toBe('channel');
    // Threads only: a channel where members talk in threads.
    expect(gamePlace(bits(P.ViewChannel, P.CreatePublicThreads, P.SendMessagesInThreads), inChannel)).toBe('thread');
    expect(gamePlace(bits(P.ViewChannel, P.CreatePublicThreads), inChannel)).toBeNull();
    expect(gamePlace(bits(P.SendMessages, P.CreatePublicThreads, P.SendMessagesInThreads), inChannel)).toBeNull();
  });

  it('in a thread it was opened in, by Send Messages in Threads', () => {
    expect(gamePlace(bits(P.ViewChannel, P.SendMessagesInThreads), { inThread: true, useThreads: true })).toBe('channel');
    expect(gamePlace(bits(P.ViewChannel, P.SendMessages, P.CreatePublicThreads), { inThread: true, useThreads: true })).toBeNull();
  });

  it('nowhere for an app added without its bot user (what Discord gives it: Attach Files and Embed Links at most)', () => {
    expect(gamePlace(bits(P.AttachFiles, P.EmbedLinks, P.UseExternalEmojis), inChannel)).toBeNull();
  });
});
