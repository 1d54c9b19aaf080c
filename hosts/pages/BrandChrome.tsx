/** @jsxImportSource preact */
import { BRAND } from "../brand.ts";
import { footerLinks } from "./footerLinks.ts";

/** The operator's name and logo, linking home. */
export function BrandHeader() {
  return (
    <header class="site-header">
      <a class="brand" href="/">
        {BRAND.logoUrl ? <img class="brand-logo" src={BRAND.logoUrl} alt="" width={32} height={32} /> : null}
        <span>{BRAND.name}</span>
      </a>
    </header>
  );
}

/** Privacy policy, terms and contact: the operator's links, on every page (server/hostFrame.ts writes the same markup). */
export function BrandFooter() {
  const links = footerLinks(BRAND);
  return (
    <footer class="site-footer">
      <nav aria-label="網站資訊">
        <ul>
          {links.map(([href, label]) => (
            <li key={label}>
              <a href={href}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p>{`© ${new Date().getFullYear()} ${BRAND.name}`}</p>
    </footer>
  );
}
