/**
 * What a production server still lacks before real customers should use it, read once at start
 * and printed as warnings (docs/deploy.md): the demo brand on the
 * pages and in e-mails, no published privacy policy or PICS (customers would consent to nothing),
 * no admin to sign in with.
 */
import { DEMO_BRAND } from "../lib/core/brand.ts";
import type { Deps } from "./deps.ts";

export async function setupGaps(deps: Pick<Deps, "db" | "config">): Promise<string[]> {
  const gaps: string[] = [];
  if (deps.config.brand.name === DEMO_BRAND.name)
    gaps.push(
      `the pages and e-mails carry the demo brand "${DEMO_BRAND.name}": set BRAND_FILE or BRAND_* (docs/deploy.md)`,
    );
  const { rows } = await deps.db.query<{ documents: number; admins: number }>(
    `SELECT (SELECT count(DISTINCT kind) FROM legal_documents)::int AS documents,
            (SELECT count(*) FROM staff WHERE role = 'admin')::int AS admins`,
  );
  if (rows[0].documents < 2)
    gaps.push(
      "the privacy policy and the PICS are not both published: customers would consent to missing texts; run npm run publish-texts (README: Server & API, Customer texts)",
    );
  if (rows[0].admins === 0)
    gaps.push(
      "no admin staff member: create one with server/cli/create-staff.ts --role admin (README: Server & API)",
    );
  return gaps;
}
