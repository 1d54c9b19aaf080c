import { type ReactNode, useRef } from "react";
import { baseSheet } from "../ui/base.ts";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { space, token } from "../ui/theme.ts";

/** Props of `<nu-card>`: documented once, in lib/elements/widgets.docs.ts. */
export interface CardProps {
  title?: string;
  logo?: string;
  logoAlt?: string;
  headingLevel?: number;
  /** The card's content. As an element, the light-DOM children are shown through a slot. */
  children?: ReactNode;
  lang?: string;
}

const cardSheet = sheet(`
.nu-card {
  border: 1px solid ${token("color-border")};
  border-radius: calc(1.5 * ${token("radius")});
  background: ${token("color-surface")};
  overflow: hidden;
}
.nu-card-header {
  display: flex;
  align-items: center;
  gap: ${space(1.5)};
  padding: ${space(1.5)} ${space(2)};
  background: ${token("color-background")};
  border-bottom: 1px solid ${token("color-border")};
}
.nu-card-logo { flex: none; width: auto; height: 40px; max-width: 96px; object-fit: contain; }
.nu-card-title { font-size: 1.125em; font-weight: 700; line-height: 1.35; margin: 0; }
.nu-card-body { padding: ${space(2)}; }
@media (min-width: 600px) {
  .nu-card-header { padding: ${space(2)} ${space(3)}; }
  .nu-card-body { padding: ${space(3)}; }
}
`);

/** A bordered card with a title, an optional logo, and content. */
export function Card({ title, logo, logoAlt = "", headingLevel = 2, children }: CardProps) {
  const ref = useRef<HTMLElement>(null);
  const styles = useStyles(ref, baseSheet, cardSheet);
  const ids = useIds("title");
  const level = Math.min(6, Math.max(2, Math.round(Number(headingLevel) || 2)));
  const Heading = `h${level}` as "h2";
  const hasHeader = Boolean(title || logo);
  return (
    <section
      ref={ref}
      className="nu-root nu-card"
      part="card"
      aria-labelledby={title ? ids.title : undefined}
    >
      {styles}
      {hasHeader ? (
        <div className="nu-card-header" part="card-header">
          {logo ? <img className="nu-card-logo" src={logo} alt={logoAlt} part="logo" /> : null}
          {title ? (
            <Heading className="nu-card-title" id={ids.title} part="card-title">
              {title}
            </Heading>
          ) : null}
        </div>
      ) : null}
      <div className="nu-card-body" part="card-body">
        {children ?? <slot />}
      </div>
    </section>
  );
}
