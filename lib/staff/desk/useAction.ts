import { useState } from "react";
import type { DeskContext } from "./deskParts.tsx";

/**
 * One action at a time on a panel: `act(key, run)` marks `key` busy, then shows what `run`
 * answers as done, or its failure. A second press while one runs does nothing.
 */
export function useAction<K extends string>(ctx: DeskContext) {
  const [busy, setBusy] = useState<K | "">("");
  const [done, setDone] = useState("");
  const [failure, setFailure] = useState("");
  const act = async (key: K, run: () => Promise<string>) => {
    if (busy) return;
    setBusy(key);
    setDone("");
    setFailure("");
    try {
      setDone(await run());
    } catch (error) {
      setFailure(ctx.failure(error));
    } finally {
      setBusy("");
    }
  };
  return { busy, done, failure, act };
}
