/**
 * vitest's global setup for the Firefox suite, run once in vitest's own process: the processes
 * the run hangs from (vitest, the npm and shell that started it, scripts/test.sh, …), for the
 * harness's watchdog (./firefox.ts): when one of them is gone the run was killed, and Firefox,
 * which runs in a process group of its own, is stopped with it.
 */
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** vitest's process and its ancestors, init left out. */
    lifeline: number[];
  }
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may itself hold spaces and parentheses: split after it.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

export default function setup(project: TestProject): void {
  const lifeline: number[] = [];
  for (let pid = process.pid; pid > 1; pid = parentOf(pid)) lifeline.push(pid);
  project.provide('lifeline', lifeline);
}
