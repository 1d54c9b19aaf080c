/**
 * What a production server still lacks before real customers should use it, read once at start
 * and printed as warnings (docs/deploy.md): the demo brand on the
 * pages and in e-mails, no published privacy policy or PICS (customers would consent to nothing),
 * no admin to sign in with, staff with the code step and no address to mail it to, no products or
 * clinics of the operator's own (or still the fictional ones of the demo).
 */
import { DEMO_BRAND } from "../lib/core/brand.ts";
import { demoCatalogue } from "./db/seed.ts";
import type { Deps } from "./deps.ts";
import { staffWithoutCodeAddress } from "./services/staffEmail.ts";

export async function setupGaps(deps: Pick<Deps, "db" | "config">): Promise<string[]> {
  const gaps: string[] = [];
  if (deps.config.brand.name === DEMO_BRAND.name)
    gaps.push(
      `the pages and e-mails carry the demo brand "${DEMO_BRAND.name}": set BRAND_FILE or BRAND_* (docs/deploy.md)`,
    );
  if (/@localhost>?\s*$/i.test(deps.config.mailFrom))
    gaps.push(
      "MAIL_FROM is not set: code e-mails go out from no-reply@localhost, which real mail relays refuse or file as spam; set MAIL_FROM to a sender your relay accepts (docs/deploy.md)",
    );
  const { rows } = await deps.db.query<{ documents: number; admins: number }>(
    `SELECT (SELECT count(DISTINCT kind) FROM legal_documents)::int AS documents,
            (SELECT count(*) FROM staff WHERE role = 'admin')::int AS admins`,
  );
  if (rows[0].documents < 2)
    gaps.push(
      "the privacy policy and the PICS are not both published: customers would consent to missing texts; run npm run publish-texts (docs/deploy.md: Operations, Customer texts)",
    );
  if (rows[0].admins === 0)
    gaps.push(
      "no admin staff member: create one with server/cli/create-staff.ts --role admin (docs/api.md: Sign-in and tokens)",
    );
  const unreachable = await staffWithoutCodeAddress(deps.db);
  if (unreachable.length > 0)
    gaps.push(
      `staff ${unreachable.join(", ")} must enter a one-time code but have no e-mail address to receive it, so they cannot sign in: give each one with server/cli/set-staff-email.ts --id … --email … (docs/api.md: Sign-in and tokens)`,
    );
  const fictional = demoCatalogue();
  for (const [table, what] of [
    ["products", "no products: nuForm's product step has nothing to offer"],
    ["clinics", "no partner clinics: the recruitment form has no clinic to choose"],
  ] as const) {
    const { rows: entries } = await deps.db.query<{ key: string }>(
      `SELECT id || E'\t' || name_zh AS key FROM ${table}`,
    );
    if (entries.length === 0)
      gaps.push(
        `${what}; load yours with npm run load-catalogue -- --${table} ${table}.json (docs/deploy.md)`,
      );
    else if (entries.some((e) => fictional[table].includes(e.key)))
      gaps.push(
        `the ${table} include the fictional demo ${table}; load yours with npm run load-catalogue -- --${table} ${table}.json (docs/deploy.md)`,
      );
  }
  return gaps;
}
