/**
 * Runs before each server test file: new password hashes at a cheap scrypt cost, so the many
 * sign-ins of the suite do not each spend a tenth of a second or more in scrypt. Tests about the
 * cost itself set PASSWORD_COST back (signInAttacks.test.ts, staffAuth.test.ts); processes the
 * tests start (server/main.ts, the tools) hash at the server's own cost.
 */
import { setPasswordCostForTests } from "../auth/password.ts";

export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

setPasswordCostForTests(TEST_PASSWORD_COST);
