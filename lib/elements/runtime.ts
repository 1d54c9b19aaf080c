/**
 * What a page that loads the element bundle may use besides the elements themselves. Nothing is
 * put on `window`; pages get this object from the module (`import { runtime } from ".../nu-forms.js"`).
 */
import { configure, resolveConfig } from "../config.ts";
import { $flags, $settings, clearFlags, removeFlags, setFlag } from "../state/index.ts";

export const runtime = {
  configure,
  resolveConfig,
  $settings,
  $flags,
  setFlag,
  removeFlags,
  clearFlags,
};

export type NuFormsRuntime = typeof runtime;
