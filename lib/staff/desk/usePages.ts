import { useCallback, useEffect, useState } from "react";
import type { Page } from "./deskApi.ts";
import type { DeskContext } from "./deskParts.tsx";

/** A list read page after page (載入更多 appends the next), started again when `key` changes. */
export function usePages<T>(ctx: DeskContext, key: string, load: (cursor?: string) => Promise<Page<T>>) {
  const [rows, setRows] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [failure, setFailure] = useState("");
  const [round, setRound] = useState(0);

  const fetchPage = useCallback(
    async (cursor: string | undefined, append: boolean, isCurrent: () => boolean) => {
      setBusy(true);
      setFailure("");
      try {
        const page = await load(cursor);
        if (!isCurrent()) return;
        setRows((before) => (append ? [...before, ...page.rows] : page.rows));
        setNext(page.next);
      } catch (error) {
        if (isCurrent()) setFailure(ctx.failure(error));
      } finally {
        if (isCurrent()) setBusy(false);
      }
    },
    [load, ctx],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what is listed; `round` reloads.
  useEffect(() => {
    let current = true;
    void fetchPage(undefined, false, () => current);
    return () => {
      current = false;
    };
  }, [key, round]);

  const more = () => {
    if (busy || !next) return;
    void fetchPage(next, true, () => true);
  };
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { rows, next, busy, failure, more, reload, setRows };
}
