import { useRef, useState } from "react";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "../../test/components/render.tsx";
import { useModalDialog } from "./dialog.ts";

/** Two openers sharing one dialog, as the terms step's documents do (LegalDocuments.tsx). */
function TwoDocuments() {
  const [shown, setShown] = useState<"A" | "B" | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, shown, () => setShown(null));
  return (
    <>
      <button type="button" onClick={() => setShown("A")}>
        open A
      </button>
      <button type="button" onClick={() => setShown("B")}>
        open B
      </button>
      <dialog ref={dialog} aria-label={`document ${shown ?? ""}`}>
        <p>{shown}</p>
      </dialog>
    </>
  );
}

test("a dialog closed by the browser and reopened before its close event arrives stays open", async () => {
  render(<TwoDocuments />);
  await page.getByRole("button", { name: "open A" }).click();
  await expect.element(page.getByRole("dialog", { name: "document A" })).toBeVisible();

  // Escape closes the dialog at once, but its `close` event is a task of its own; a busy phone
  // can run the next tap (open B, another task) first. Here the tap comes after the microtasks
  // that follow the close and before any other task, so before the close event.
  const dialog = document.querySelector("dialog") as HTMLDialogElement;
  const openB = [...document.querySelectorAll("button")].find((b) => b.textContent === "open B");
  dialog.close();
  for (let i = 0; i < 5; i++) await Promise.resolve();
  openB?.click();

  const b = page.getByRole("dialog", { name: "document B" });
  await expect.element(b).toBeVisible();
  // After the late event has run (one more task), B is still open.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect.element(b).toBeVisible();
  expect(dialog.open).toBe(true);
});
