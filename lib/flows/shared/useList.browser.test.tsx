import { useCallback, useState } from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "../../../test/components/render.tsx";
import { useList } from "./useList.ts";

const LISTS: Record<string, string[]> = { Public: ["伊利沙伯醫院"], Private: ["養和醫院"] };

/** BabyInfo's shape: the list follows a choice; with none yet, an empty list needs no request. */
function Hospitals({ seen, answers }: { seen: string[][]; answers: Map<string, () => void> }) {
  const [type, setType] = useState("");
  const { items } = useList(
    useCallback(
      () =>
        type
          ? new Promise<string[]>((done) => answers.set(type, () => done(LISTS[type])))
          : Promise.resolve([]),
      [type, answers],
    ),
    "zh-HK",
  );
  seen.push(items ? [type, ...items] : [type, "loading"]);
  return (
    <div>
      <button type="button" onClick={() => setType("Public")}>
        公立
      </button>
      <button type="button" onClick={() => setType("Private")}>
        私家
      </button>
      <p>{items ? `${items.length} 間` : "載入中"}</p>
    </div>
  );
}

test("a list is never shown under another load than its own, not even for one render", async () => {
  const seen: string[][] = [];
  const answers = new Map<string, () => void>();
  render(<Hospitals seen={seen} answers={answers} />);
  await expect.element(page.getByText("0 間")).toBeVisible();

  await userEvent.click(page.getByRole("button", { name: "公立" }));
  await expect.poll(() => answers.has("Public")).toBe(true);
  answers.get("Public")?.();
  await expect.element(page.getByText("1 間")).toBeVisible();

  await userEvent.click(page.getByRole("button", { name: "私家" }));
  await expect.element(page.getByText("載入中")).toBeVisible();
  // The load starts in an effect, which Preact runs after the paint that shows 載入中.
  await expect.poll(() => answers.has("Private")).toBe(true);
  answers.get("Private")?.();
  await expect.element(page.getByText("1 間")).toBeVisible();

  // Each render showed nothing, or the list of the type it rendered for.
  const wrong = seen.filter(
    ([type, ...items]) => items[0] !== "loading" && items.join() !== (LISTS[type] ?? []).join(),
  );
  expect(wrong).toEqual([]);
  expect(seen.at(-1)).toEqual(["Private", "養和醫院"]);
});
