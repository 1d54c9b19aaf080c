import { describe, expect, it } from "vitest";
import type { Product } from "../../core/types.ts";
import { withImageUrls } from "./productImages.ts";

const product = (image_url: string): Product => ({
  id: "P01",
  name_zh: "初生嬰兒配方奶粉",
  name_en: "Infant formula",
  image_url,
});
const images = (list: Product[]) => list.map((p) => p.image_url);
const brandPage = "https://www.brand.example/join/index.html";

describe("withImageUrls", () => {
  it("puts a relative image on the API's origin, not the brand page's", () => {
    const list = [product("/demo/img/product-stage1.svg"), product("img/stage2.svg")];
    expect(images(withImageUrls(list, "https://forms.example.hk/api", brandPage))).toEqual([
      "https://forms.example.hk/demo/img/product-stage1.svg",
      "https://forms.example.hk/img/stage2.svg",
    ]);
  });

  it("reads a relative API base on the page's origin, as the calls do", () => {
    expect(images(withImageUrls([product("/demo/img/a.svg")], "/api", brandPage))).toEqual([
      "https://www.brand.example/demo/img/a.svg",
    ]);
  });

  it("leaves absolute and missing images alone", () => {
    const list = [product("https://cdn.example/p.png"), product("data:image/png;base64,AA=="), product("")];
    expect(images(withImageUrls(list, "https://forms.example.hk/api", brandPage))).toEqual([
      "https://cdn.example/p.png",
      "data:image/png;base64,AA==",
      "",
    ]);
  });
});
