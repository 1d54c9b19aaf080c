/** The flows' sign-in steps as rendered at build time (build/first-paint.ts, build/render-first-paint.tsx). */
declare module "virtual:nu-first-paint" {
  export const SIGN_IN_STEPS: Record<import("../../core/types.ts").Flow, string>;
}
