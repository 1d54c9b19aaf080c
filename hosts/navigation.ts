import { createContext } from "preact";

/** The URL the router was on before the current one ("" on first load). */
export const PreviousUrlContext = createContext("");

/** Query parameters of the current location. */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
