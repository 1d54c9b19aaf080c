/**
 * The en texts the widget elements show beyond the sign-in texts (signInMessages.ts:
 * WIDGET_MESSAGES), as a chunk of their own in the element builds: vite.catalogues.ts moves them
 * here from en.ts, and lib/load/catalogues.ts loads them for a widget element. Everywhere else
 * (the React entry, server, tests) en.ts holds every text and this stays empty.
 */
export const enWidgets: Record<string, string> = {};
