/**
 * The host shell loads the element bundle at run time from /elements/nu-forms.js, exactly as a
 * brand site would, and uses the runtime that bundle exports, so shell and elements share one set
 * of stores (flags, loading) rather than two copies.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { NuFormsRuntime } from "../lib/elements/runtime.ts";

export const ELEMENT_BUNDLE_URL = "/elements/nu-forms.js";

export async function loadRuntime(): Promise<NuFormsRuntime> {
  const module = (await import(/* @vite-ignore */ ELEMENT_BUNDLE_URL)) as { runtime: NuFormsRuntime };
  return module.runtime;
}

export const RuntimeContext = createContext<NuFormsRuntime | null>(null);

export function useRuntime(): NuFormsRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error("useRuntime outside RuntimeContext");
  return runtime;
}
