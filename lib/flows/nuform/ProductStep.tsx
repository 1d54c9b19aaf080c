import { useStore } from "@nanostores/react";
import { useCallback, useState } from "react";
import { errorText } from "../../api/errorText.ts";
import { nameIn } from "../../core/personName.ts";
import type { Product } from "../../core/types.ts";
import { $flags, setFlag } from "../../state/index.ts";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { describedBy, FieldError } from "../../ui/form/Field.tsx";
import { ListStatus } from "../../ui/form/ListStatus.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { SubmitButton } from "../../ui/form/SubmitButton.tsx";
import { useSubmit } from "../../ui/form/useSubmit.ts";
import { useIds } from "../../ui/ids.ts";
import { useFlow } from "../shared/FlowContext.tsx";
import { flowSession } from "../shared/flowSession.ts";
import { laterStepSheet } from "../shared/laterStyles.ts";
import { StepLayout } from "../shared/StepLayout.tsx";
import { useList } from "../shared/useList.ts";
import { withImageUrls } from "./productImages.ts";

/** nuForm's product step: the products offered as picture cards; choosing one patches the lead. */
export function ProductStep({ step, onDone }: { step: string; onDone: () => void }) {
  const { api, flow, t, lang, progress, emit } = useFlow();
  const ids = useIds("heading", "legend", "error");
  const {
    items: products,
    error: loadError,
    retry,
  } = useList(
    useCallback(() => api.products().then((list) => withImageUrls(list, api.apiBase)), [api]),
    lang,
  );
  const [chosen, setChosen] = useState("");
  const [choiceError, setChoiceError] = useState("");
  const { busy, failure, setFailure, run } = useSubmit({
    failureText: (error) => errorText(lang, error),
    emitError: emit,
    ownProgress: true, // the button says 處理中…: no overlay on top of it
  });
  // Sent here from the recruitment form's completion page: say where the customer is and why,
  // and show no nuForm step counter (this is one extra step, not step 4 of a journey never begun).
  const fromRecruitment = useStore($flags).RECTUITMENTFORM === "true";
  const handoverRef = useStore(flowSession(flow)).leadId ?? "";

  const submit = async () => {
    if (busy) return undefined;
    if (!chosen) {
      setChoiceError(t("flows.product.required"));
      return false;
    }
    const leadId = flowSession(flow).get().leadId;
    if (!leadId) {
      setFailure(t("flows.member.noLead"));
      return undefined;
    }
    const result = await run(() => api.patchLead({ id: leadId, product_id: chosen }));
    if (result.status !== "done") return undefined;
    setFlag("IsSelectedNUProduct", true);
    onDone();
    return true;
  };

  const name = (p: Product) => nameIn(lang, p.name_zh, p.name_en);
  const description = (p: Product) => nameIn(lang, textOf(p.description_zh), textOf(p.description_en));
  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={t("flows.product.title")}
      progress={fromRecruitment ? undefined : progress(step)}
      intro={t("flows.product.intro")}
    >
      {fromRecruitment ? (
        <p className="nu-notice" data-testid="handover-notice">
          {t("flows.handover.notice", { ref: handoverRef })}
        </p>
      ) : null}
      <StepForm name="product" labelledBy={ids.heading} onSubmit={submit}>
        <ListStatus loading={products === null} error={loadError} retry={retry} lang={lang} />
        {products && products.length > 0 ? (
          // No fieldset: the radiogroup is the one group, named by the title (a fieldset around it
          // was a second group of the same name).
          <div className="nu-fieldset">
            <span id={ids.legend} className="nu-fieldset-title">
              {t("flows.product.legend")}
              <span className="nu-required" aria-hidden="true">
                *
              </span>
            </span>
            <div
              className="nu-choice-list"
              role="radiogroup"
              aria-labelledby={ids.legend}
              aria-required="true"
              aria-invalid={choiceError ? true : undefined}
              aria-describedby={describedBy(choiceError && ids.error)}
            >
              {products.map((product) => (
                <label key={product.id} className="nu-choice" part="choice">
                  {product.image_url ? <img src={product.image_url} alt="" loading="lazy" /> : null}
                  <span className="nu-choice-head">
                    <input
                      type="radio"
                      name="product"
                      value={product.id}
                      checked={chosen === product.id}
                      onChange={() => {
                        setChosen(product.id);
                        setChoiceError("");
                      }}
                    />
                    <span>{name(product)}</span>
                  </span>
                  {description(product) ? (
                    <span className="nu-choice-text">{description(product)}</span>
                  ) : null}
                </label>
              ))}
            </div>
            <FieldError id={ids.error} message={choiceError} />
          </div>
        ) : null}
        {products && products.length === 0 ? <p className="nu-notice">{t("flows.product.none")}</p> : null}
        <ErrorMessage lang={lang} message={failure} />
        <div className="nu-actions">
          <SubmitButton busy={busy} busyLabel={t("flows.working")} unavailable={!products?.length}>
            {t("flows.product.submit")}
          </SubmitButton>
        </div>
      </StepForm>
    </StepLayout>
  );
}

/** Products may carry optional descriptions of any shape; only text is shown. */
function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
