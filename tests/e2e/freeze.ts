/**
 * Freezing a bot host as a long GC pause, a stalled VM or a network split would: SIGSTOP, and
 * SIGCONT to wake it. A stopped process cannot be left behind by a failing test: a process frozen
 * in a test is continued when that test ends at the latest, `thawAll` continues every one (for an
 * afterAll), the test process continues them when it exits, and BotProcess.stop continues its host
 * before SIGTERM (a stopped process does not act on SIGTERM until it is continued).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

export interface FreezeOptions {
  /** Signal the whole process group of `pid` (a host: the bot and its shard processes). Default false. */
  group?: boolean;
}

/** Frozen targets: a pid, or a process group as its negative id (as kill(2) takes it). */
const frozenTargets = new Set<number>();
let exitHook = false;

const targetOf = (pid: number, options: FreezeOptions) => (options.group ? -pid : pid);

/** Send a signal, ignoring a process (or group) that is gone. */
function signal(target: number, name: 'SIGSTOP' | 'SIGCONT'): void {
  try {
    process.kill(target, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Stop `pid` (or its group) and wait until each of its processes is stopped (at most 2 s). */
export async function freeze(pid: number, options: FreezeOptions = {}): Promise<void> {
  const target = targetOf(pid, options);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', thawAll);
  }
  frozenTargets.add(target);
  try {
    onTestFinished(() => thaw(pid, options));
  } catch {
    // Not inside a test (a hook): thawAll in an afterAll, BotProcess.stop, or the exit hook continue it.
  }
  signal(target, 'SIGSTOP');
  const members = () => (options.group ? processesOfGroup(pid) : [pid]);
  const deadline = Date.now() + 2000;
  while (!members().every((p) => stateOf(p) !== 'running')) {
    if (Date.now() > deadline) throw new Error(`freeze(${pid}): not every process stopped within 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Continue `pid` (or its group). Harmless when it is not stopped or gone. */
export function thaw(pid: number, options: FreezeOptions = {}): void {
  const target = targetOf(pid, options);
  frozenTargets.delete(target);
  signal(target, 'SIGCONT');
}

/** Continue every process and group frozen here: `afterAll(thawAll)`. */
export function thawAll(): void {
  for (const target of [...frozenTargets]) {
    frozenTargets.delete(target);
    signal(target, 'SIGCONT');
  }
}

/** Pids (positive) and process groups (negative) frozen here and not thawed yet. */
export function frozen(): number[] {
  return [...frozenTargets];
}

/** Whether a process is stopped ('stopped'), running or sleeping ('running'), or gone. */
export function stateOf(pid: number): 'stopped' | 'running' | 'gone' {
  const stat = statOf(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return 'gone';
  return stat.state === 'T' || stat.state === 't' ? 'stopped' : 'running';
}

/** The process group of a process, or null when it is gone. */
export function processGroupOf(pid: number): number | null {
  return statOf(pid)?.pgrp ?? null;
}

/** The live processes of a process group (Linux /proc). */
export function processesOfGroup(group: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = statOf(pid);
      return stat !== null && stat.pgrp === group && stat.state !== 'Z';
    });
}

function statOf(pid: number): { state: string; pgrp: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid pgrp ...": the command may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', pgrp: Number(fields[2]) };
  } catch {
    return null;
  }
}
