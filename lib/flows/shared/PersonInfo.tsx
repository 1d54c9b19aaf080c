import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import {
  defaultPhoneCode,
  isDefaultPhoneCode,
  normalisePhone,
  PHONE_CODES,
} from "../../core/lists/phoneCodes.ts";
import type { MainlandAddress } from "../../core/types.ts";
import { EmailText } from "../../ui/EmailText.tsx";
import { ReadOnlyField } from "../../ui/form/ReadOnlyField.tsx";
import { StepForm } from "../../ui/form/StepForm.tsx";
import { TextField } from "../../ui/form/TextField.tsx";
import { useIds } from "../../ui/ids.ts";
import { AddressSelector } from "../../widgets/AddressSelector.tsx";
import { Select } from "../../widgets/Select.tsx";
import { useFlow } from "./FlowContext.tsx";
import { useDraft } from "./flowDraft.ts";
import { flowSession } from "./flowSession.ts";
import { laterStepSheet } from "./laterStyles.ts";
import { type PersonErrors, type PersonField, validatePerson } from "./personValidation.ts";
import { StepActions } from "./StepActions.tsx";
import { StepLayout } from "./StepLayout.tsx";

export interface PersonInfoProps {
  /** `HK`: the Hong Kong address selector; `CN`: mainland address fields. */
  variant: "HK" | "CN";
  step: string;
  /** After a 修改 on the review page: the submit returns there (StepActions). */
  toReview?: boolean;
  /** Moves on once every field is valid (the draft holds the answers). */
  onDone: () => void;
  onBack?: () => void;
}

/** Personal information: names, phone with country code, the signed-in e-mail, and the address. */
export function PersonInfo({ variant, step, toReview, onDone, onBack }: PersonInfoProps) {
  const { flow, t, lang, alsUrl, progress } = useFlow();
  const [draft, setDraft] = useDraft(flow);
  const email = useStore(flowSession(flow)).email ?? "";
  const ids = useIds("heading");
  const [errors, setErrors] = useState<PersonErrors>({});
  const [showAddressErrors, setShowAddressErrors] = useState(false);

  // The country code follows where the customer lives until they type a number or pick a code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step (variant) opens.
  useEffect(() => {
    const expected = defaultPhoneCode(variant);
    if (!draft.phone.trim() && draft.phone_code !== expected && isDefaultPhoneCode(draft.phone_code)) {
      setDraft({ phone_code: expected });
    }
  }, [variant]);

  const change = (field: PersonField, value: string) => {
    if (field === "province" || field === "city" || field === "district" || field === "detail") {
      setDraft({ address_cn: { ...draft.address_cn, [field]: value } satisfies MainlandAddress });
    } else {
      setDraft({ [field]: value });
    }
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = () => {
    const result = validatePerson(draft, variant, t);
    setErrors(result.errors);
    setShowAddressErrors(result.addressIncomplete);
    if (Object.values(result.errors).some(Boolean) || result.addressIncomplete) return false;
    setDraft({
      residence: variant,
      last_name: draft.last_name.trim(),
      first_name: draft.first_name.trim(),
      phone: normalisePhone(draft.phone),
    });
    onDone();
    return true;
  };

  const title = variant === "HK" ? t("flows.person.titleHK") : t("flows.person.titleCN");
  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={title}
      progress={progress(step)}
      intro={t("flows.person.intro")}
    >
      <StepForm
        name={variant === "HK" ? "person-info-hk" : "person-info-cn"}
        labelledBy={ids.heading}
        onSubmit={submit}
      >
        <fieldset className="nu-fieldset">
          <legend className="nu-fieldset-title">{t("flows.person.nameSection")}</legend>
          <div className="nu-row nu-row--2">
            <TextField
              label={t("flows.person.lastName")}
              name="family-name"
              autoComplete="family-name"
              value={draft.last_name}
              onChange={(value) => change("last_name", value)}
              error={errors.last_name}
              required
            />
            <TextField
              label={t("flows.person.firstName")}
              name="given-name"
              autoComplete="given-name"
              value={draft.first_name}
              onChange={(value) => change("first_name", value)}
              error={errors.first_name}
              required
            />
          </div>
        </fieldset>
        <fieldset className="nu-fieldset">
          <legend className="nu-fieldset-title">{t("flows.person.contactSection")}</legend>
          <div className="nu-phone-row">
            <Select
              lang={lang}
              label={t("phone.code")}
              name="tel-country-code"
              autocomplete="tel-country-code"
              options={PHONE_CODES.map((code) => ({ value: code.value, label: code.label }))}
              value={draft.phone_code}
              required
              error={errors.phone_code}
              onNuChange={({ value }) => change("phone_code", value)}
            />
            <TextField
              label={t("phone.number")}
              name="tel-national"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              value={draft.phone}
              onChange={(value) => change("phone", value)}
              error={errors.phone}
              required
            />
          </div>
          <ReadOnlyField label={t("login.email")} hint={t("flows.person.emailHint")}>
            <EmailText email={email} />
          </ReadOnlyField>
        </fieldset>
        {variant === "HK" ? (
          <AddressSelector
            lang={lang}
            label={t("flows.person.addressHK")}
            alsUrl={alsUrl}
            value={draft.address}
            showErrors={showAddressErrors}
            onNuChange={({ value, english }) => setDraft({ address: value, address_en: english })}
          />
        ) : (
          <fieldset className="nu-fieldset">
            <legend className="nu-fieldset-title">{t("flows.person.addressCN")}</legend>
            <div className="nu-row nu-row--2">
              <TextField
                label={t("flows.person.province")}
                name="address-level1"
                autoComplete="address-level1"
                value={draft.address_cn.province}
                onChange={(value) => change("province", value)}
                error={errors.province}
                required
              />
              <TextField
                label={t("flows.person.city")}
                name="address-level2"
                autoComplete="address-level2"
                value={draft.address_cn.city}
                onChange={(value) => change("city", value)}
                error={errors.city}
                required
              />
            </div>
            <TextField
              label={t("flows.person.cnDistrict")}
              name="address-level3"
              autoComplete="address-level3"
              value={draft.address_cn.district}
              onChange={(value) => change("district", value)}
              error={errors.district}
              required
            />
            <TextField
              label={t("flows.person.detail")}
              name="street-address"
              autoComplete="street-address"
              value={draft.address_cn.detail}
              onChange={(value) => change("detail", value)}
              error={errors.detail}
              hint={t("flows.person.detailHint")}
              required
            />
          </fieldset>
        )}
        <StepActions label={t("common.next")} back={onBack} toReview={toReview} />
      </StepForm>
    </StepLayout>
  );
}
