/**
 * The machine's processes as Linux shows them in /proc, for tests that start a program and check
 * what it leaves behind. A process is named by its pid and its start time together, so that a pid
 * the kernel has since given to another process is not mistaken for one the program started.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** R, S, D, Z (zombie: exited, not yet reaped), … */
  state: string;
  /** Clock ticks after boot: with the pid, it names one process. */
  startTime: string;
  args: string[];
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may itself hold spaces and parentheses: split after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { pid, ppid: Number(fields[1]), state: fields[0]!, startTime: fields[19]!, args };
  } catch {
    return undefined; // it exited while being read
  }
}

export function listProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
}

/** The process `rootPid` and all its descendants, as they are now. */
export function processTree(rootPid: number): ProcessInfo[] {
  const all = listProcesses();
  const tree = all.filter((p) => p.pid === rootPid);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i]!.pid));
  return tree;
}

/** Which of `processes` still run (a zombie has exited: it holds no port, no file, no CPU). */
export function stillRunning(processes: readonly ProcessInfo[]): ProcessInfo[] {
  const now = new Map(listProcesses().map((p) => [p.pid, p]));
  return processes.filter((p) => {
    const current = now.get(p.pid);
    return current !== undefined && current.startTime === p.startTime && current.state !== 'Z';
  });
}

export function describeProcesses(processes: readonly ProcessInfo[]): string {
  return processes.map((p) => `${p.pid} ${p.state} ${p.args.join(' ').slice(0, 160)}`).join('\n');
}
