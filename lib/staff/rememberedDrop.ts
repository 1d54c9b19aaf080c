/**
 * The storage key of remembered.ts, apart from it: the sign-out in the element bundle's entry
 * (staffSignOut.ts) removes it and needs nothing else of that module.
 */
export const REMEMBERED_KEY = "nu-forms:staff-remembered";
