/** Discord refuses nothing of it: this process stopped acting for its shard (another host has it). */
export class NotActing extends Error {
  constructor() {
    super("not sent: another host acts for this shard now (this process no longer holds the shard's lease)");
    this.name = 'NotActing';
  }
}
