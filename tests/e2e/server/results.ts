/**
 * What a simulated user got back from the bot: the answer to one interaction, read live from the
 * fake Discord's state (message getters reflect later edits).
 */
import type { APIApplicationCommandOptionChoice } from 'discord.js';
import { buttonsOf, selectsOf, type ButtonInfo, type SelectInfo } from './components.js';
import type { FakeDiscordContext } from './context.js';
import { Callback, type InteractionRecord, type ModalData } from './interactions.js';
import type { StoredMessage } from './model.js';

/** What a simulated user got back from the bot. Message getters are live (reflect later edits). */
export class InteractionResult {
  constructor(
    private readonly ctx: FakeDiscordContext,
    readonly interaction: InteractionRecord,
  ) {}

  get id(): string {
    return this.interaction.id;
  }

  /** 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 autocomplete choices, 9 modal. */
  get callbackType(): number {
    return this.interaction.callback?.type ?? 0;
  }

  /** Milliseconds from sending the interaction to the bot's first answer. */
  get ackMs(): number {
    return this.interaction.callback?.ms ?? Number.NaN;
  }

  /** Milliseconds from sending the interaction until the answer was complete (deferrals filled in). */
  get completedMs(): number | null {
    return this.interaction.completedAt === null ? null : this.interaction.completedAt - this.interaction.dispatchedAt;
  }

  get deferred(): boolean {
    return this.callbackType === Callback.DeferredChannelMessage || this.callbackType === Callback.DeferredUpdateMessage;
  }

  /** Whether the response message is only visible to the user. */
  get ephemeral(): boolean {
    return this.message?.ephemeral ?? this.interaction.callback?.ephemeral ?? false;
  }

  /** The reply (4/5) or the updated message (6/7); null for autocomplete and modals. */
  get message(): StoredMessage | null {
    const id = this.interaction.originalMessageId;
    return id ? (this.ctx.store.messages.get(id) ?? null) : null;
  }

  get followUps(): StoredMessage[] {
    return this.interaction.followUpIds.map((id) => this.ctx.store.messages.get(id)).filter((m): m is StoredMessage => m !== undefined);
  }

  /** The reply/updated message followed by the follow-ups. */
  get messages(): StoredMessage[] {
    return [...(this.message ? [this.message] : []), ...this.followUps];
  }

  get content(): string {
    return this.message?.content ?? '';
  }

  get choices(): APIApplicationCommandOptionChoice[] | null {
    return this.interaction.choices;
  }

  get modal(): ModalData | null {
    return this.interaction.modal;
  }

  buttons(): ButtonInfo[] {
    return this.message ? buttonsOf(this.message) : [];
  }

  selects(): SelectInfo[] {
    return this.message ? selectsOf(this.message) : [];
  }
}
