import * as preact from "preact";
import * as React from "react";
import { expect, inject, test } from "vitest";
import { render } from "./render.tsx";

/** Proves each component project really runs on the runtime its name says (the aliases took). */
test("the project renders with its runtime", async () => {
  const container = render(<p>rendered</p>);
  await expect.poll(() => container.textContent).toBe("rendered");
  const reactRoot = Object.keys(container).some((key) => key.startsWith("__reactContainer$"));
  const runtime = inject("runtime");
  if (runtime === "preact") {
    expect(React.Component).toBe(preact.Component);
    expect(reactRoot).toBe(false);
  } else {
    expect(React.Component).not.toBe(preact.Component);
    expect(reactRoot).toBe(true);
    expect(React.version).toMatch(runtime === "react18" ? /^18\.3\./ : /^19\./);
  }
});
