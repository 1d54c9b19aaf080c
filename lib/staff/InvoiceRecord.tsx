import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import type { Invoice } from "../core/types.ts";
import { QrImage } from "../ui/form/QrImage.tsx";
import { sheet } from "../ui/sheet.ts";
import { space, token } from "../ui/theme.ts";
import { formatHkDateTime, formatHkd, formatYmd } from "./format.ts";
import { invoicePageUrl } from "./invoiceForm.ts";
import { Facts } from "./LeadParts.tsx";

export const invoiceSheet = sheet(`
.nu-invoice-card { align-items: stretch; }
.nu-invoice-qr { margin: 0 auto; max-width: 280px; display: flex; flex-direction: column; align-items: center; gap: ${space(1)}; }
.nu-invoice-qr img, .nu-invoice-qr .nu-qr-pending { width: min(280px, 100%); height: auto; aspect-ratio: 1; background: #fff; }
.nu-invoice-qr .nu-qr-pending { display: block; }
.nu-invoice-url { font-size: 0.8125em; color: ${token("color-muted")}; overflow-wrap: anywhere; text-align: center; }
@media (min-width: 640px) {
  .nu-invoice-body { display: grid; grid-template-columns: 280px minmax(0, 1fr); gap: ${space(3)}; align-items: start; }
}
@media print {
  .nu-no-print { display: none !important; }
  .nu-invoice-card { border: 0; padding: 0; }
  .nu-invoice-qr img { width: 60mm; }
}
`);

/** The stored invoice fields the page shows (the server may send more). */
function field(invoice: Invoice, name: string): string {
  const value = invoice[name];
  return value == null ? "" : String(value);
}

/** An invoice record with the QR code of its page: what staff print and what the QR page shows. */
export function InvoiceRecord({ invoice, lang, titleId }: { invoice: Invoice; lang: Lang; titleId: string }) {
  const url = invoicePageUrl(typeof location === "undefined" ? "" : location.origin, invoice.id);
  const staff = [field(invoice, "staff_name"), invoice.staff_id].filter(Boolean).join(" · ");
  return (
    <section className="nu-panel nu-invoice-card" aria-labelledby={titleId} data-invoice-id={invoice.id}>
      <h2 className="nu-panel-title" id={titleId} tabIndex={-1}>
        {t(lang, "staff.invoice.recordTitle", { number: field(invoice, "invoice_no") })}
      </h2>
      <div className="nu-invoice-body">
        <figure className="nu-invoice-qr">
          <QrImage
            text={url}
            alt={t(lang, "staff.invoice.qrAlt", { number: field(invoice, "invoice_no") })}
          />
          <figcaption className="nu-invoice-url">{url}</figcaption>
        </figure>
        <Facts
          facts={[
            [
              t(lang, "staff.invoice.number"),
              <span key="no" className="nu-ref">
                {field(invoice, "invoice_no")}
              </span>,
            ],
            [t(lang, "staff.invoice.date"), formatYmd(field(invoice, "invoice_date"))],
            [t(lang, "staff.invoice.amount"), formatHkd(field(invoice, "amount"))],
            [t(lang, "staff.invoice.shop"), field(invoice, "shop")],
            [
              t(lang, "staff.invoice.leadRef"),
              invoice.lead_id ? (
                <span key="lead" className="nu-ref">
                  {invoice.lead_id}
                </span>
              ) : (
                ""
              ),
            ],
            [t(lang, "staff.invoice.createdBy"), staff],
            [t(lang, "staff.invoice.createdAt"), formatHkDateTime(invoice.created_at)],
          ]}
        />
      </div>
    </section>
  );
}
