import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";

/** `step`'s result; a refusal (an ApiFailure) is counted by its code before it goes on. */
export async function countRefusal<T>(
  deps: Deps,
  who: "customer" | "staff",
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiFailure && error.code !== "VALIDATION_FAILED")
      deps.metrics.signInRefused(who, error.code);
    throw error;
  }
}
