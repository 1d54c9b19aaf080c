import type { JSX } from "preact";

type NuElementAttributes = JSX.HTMLAttributes<HTMLElement> & {
  step?: string;
  partner?: string;
  query?: string;
  lang?: string;
  "api-base"?: string;
  "api-key"?: string;
  [attribute: `${string}-${string}`]: string | undefined;
};

declare module "preact" {
  namespace JSX {
    interface IntrinsicElements {
      "nu-form": NuElementAttributes;
      "nu-recruitment-form": NuElementAttributes;
      "nu-staff-login": NuElementAttributes;
      "nu-staff-verification": NuElementAttributes;
      "nu-staff-result": NuElementAttributes;
      "nu-redeem-center": NuElementAttributes;
      "nu-nutritionist-redeem": NuElementAttributes;
      "nu-invoice-qrcode": NuElementAttributes;
      "nu-invoice": NuElementAttributes;
      "nu-lead-desk": NuElementAttributes;
    }
  }
}
