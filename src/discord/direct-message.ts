import { Routes, type APIChannel, type REST } from 'discord.js';

/**
 * Sends a member a direct message straight through REST: his DM channel is opened (Discord gives
 * back the same one each time) and the text posted there, mentioning no one. Unlike
 * `client.users.fetch(id).send(...)`, nothing is fetched first and nothing stays behind in the
 * client's caches: a DM channel kept there would never be swept (src/discord/client-caches.ts).
 */
export async function sendDirectMessage(rest: REST, userId: string, content: string, nonce: string): Promise<void> {
  const channel = (await rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as APIChannel;
  // The nonce makes a retry after a lost answer the same message (src/discord/nonces.ts).
  await rest.post(Routes.channelMessages(channel.id), { body: { content, allowed_mentions: { parse: [] }, nonce, enforce_nonce: true } });
}
