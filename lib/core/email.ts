/**
 * E-mail address validity, the same rule the API applies (valibot `emailSchema` of schemas.ts), so
 * the browser never accepts an address the server then rejects.
 */
export { isEmail } from "./schemas.ts";
