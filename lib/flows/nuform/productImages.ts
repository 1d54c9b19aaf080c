import type { Product } from "../../core/types.ts";

/**
 * The products with each relative `image_url` made absolute on the API's origin: the API names
 * pictures on its own server (`/demo/img/…`), which a brand page on another origin would look for
 * on itself. A relative API base (`/api`) is on the page's origin, so there nothing changes.
 */
export function withImageUrls(products: Product[], apiBase: string, page = document.baseURI): Product[] {
  return products.map((product) => {
    try {
      const image_url = product.image_url && new URL(product.image_url, new URL(apiBase, page).origin).href;
      return { ...product, image_url };
    } catch {
      return product;
    }
  });
}
