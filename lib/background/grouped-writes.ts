/**
 * Group commit: writes that arrive while one is being written go together, in the next
 * transaction. A job's rows answered close together then cost one transaction, not one each (on a
 * watch run of 1,000 the transactions were most of its work). The first write of a quiet moment
 * goes at once; each caller's promise settles with its own result, once its group is written.
 * Groups are per key (a job's id): one transaction writes one job's rows.
 */
export function groupedWrites<Entry, Result>(
  writeGroup: (key: string, entries: Entry[]) => Promise<Result[]>,
): (key: string, entry: Entry) => Promise<Result> {
  interface Waiting {
    entry: Entry;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  const waiting = new Map<string, Waiting[]>();
  const writing = new Set<string>();

  async function drain(key: string): Promise<void> {
    writing.add(key);
    for (let group = waiting.get(key); group?.length; group = waiting.get(key)) {
      waiting.delete(key);
      try {
        const results = await writeGroup(
          key,
          group.map((each) => each.entry),
        );
        for (const [index, each] of group.entries()) each.resolve(results[index]!);
      } catch (error) {
        for (const each of group) each.reject(error);
      }
    }
    writing.delete(key);
  }

  return (key, entry) =>
    new Promise<Result>((resolve, reject) => {
      const group = waiting.get(key) ?? [];
      group.push({ entry, resolve, reject });
      waiting.set(key, group);
      if (!writing.has(key)) void drain(key);
    });
}
