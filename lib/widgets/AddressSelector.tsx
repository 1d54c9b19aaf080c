import { useEffect, useMemo, useRef, useState } from "react";
import { resolveConfig } from "../config.ts";
import {
  addressMissing,
  containsChinese,
  emptyAddress,
  mapSuggestion,
  type RequiredAddressField,
  suggestionLabel,
  toAddressEn,
} from "../core/address.ts";
import { ALS_DEFAULT_URL, type AlsSuggestion } from "../core/als.ts";
import { addressTexts } from "../core/i18n/widgets/address.ts";
import { districtsOf, REGIONS, subDistrictsOf } from "../core/lists/regions.ts";
import type { AddressEn, AddressValue, DistrictCode, RegionCode } from "../core/types.ts";
import { baseSheet } from "../ui/base.ts";
import { comboboxSheet, useCombobox } from "../ui/combobox.tsx";
import { describedBy, FieldError, FieldHint, FieldLabel } from "../ui/form/Field.tsx";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { SuggestionList } from "../ui/suggestionList.tsx";
import { space, token } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useHostState } from "../ui/useHostState.ts";
import { normaliseLang, useWidgetT } from "../ui/useWidgetT.ts";
import { clearAddressHints, saveAddressHints } from "./addressHints.ts";
import { useAddressLookup } from "./useAddressLookup.ts";

/** Props of `<nu-address-selector>`: documented once, in lib/elements/widgets.docs.ts. */
export interface AddressSelectorProps {
  value?: Partial<AddressValue> | null;
  alsUrl?: string;
  required?: boolean;
  showErrors?: boolean;
  disabled?: boolean;
  label?: string;
  name?: string;
  lang?: string;
  onNuChange?: (detail: { value: AddressValue; english: AddressEn }) => void;
}

const addressSheet = sheet(`
.nu-address {
  container-type: inline-size;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
}
.nu-address-row { display: grid; grid-template-columns: 1fr; gap: ${space(2)}; }
@container (min-width: 560px) {
  .nu-address-row { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
.nu-building { display: flex; gap: ${space(1)}; align-items: flex-start; }
.nu-building > .nu-combobox { flex: 1 1 auto; min-width: 0; }
.nu-building > .nu-button { flex: none; }
.nu-street { font-size: 0.875em; color: ${token("color-muted")}; }
.nu-lookup-status { margin: 0; font-size: 0.875em; }
.nu-lookup-status:empty { display: none; }
.nu-lookup-status--none, .nu-lookup-status--slow, .nu-lookup-status--failed {
  padding: ${space(1)} ${space(2)};
  border-radius: ${token("radius")};
  border-left: 4px solid ${token("color-warning")};
  background: ${token("color-warning-bg")};
  color: ${token("color-text")};
}
.nu-manual {
  align-self: flex-start;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: ${token("color-primary")};
  font: inherit;
  font-weight: 600;
  text-align: start;
  text-decoration: underline;
  cursor: pointer;
}
.nu-address-legend { margin-bottom: ${space(1)}; font-size: 1.0625em; font-weight: 700; }
`);

function sameAddress(a: AddressValue, b: AddressValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The street in the same language as the building shown (an English pick shows `77 NGAU TAU KOK
 * ROAD` beside `AMOY GARDENS`, not a Chinese street beside an English building); without a
 * building, the page's language.
 */
function shownStreet(v: AddressValue, language: string): { text: string; lang: "zh" | "en" } {
  const lang = v.buildingLang || (language === "en" ? "en" : "zh");
  if (lang === "en") return v.street_en ? { text: v.street_en, lang } : { text: v.street_zh, lang: "zh" };
  return v.street_zh ? { text: v.street_zh, lang } : { text: v.street_en, lang: "en" };
}

/**
 * One of the region → district → sub-district dropdowns: a labelled `<select>` whose first option
 * is 請選擇, with its error line when it is required (a sub-district never is).
 */
function AddressSelect(props: {
  id: string;
  label: string;
  part: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  pleaseSelect: string;
  required?: boolean;
  error?: string;
  errorId?: string;
  onChange: (value: string) => void;
}) {
  const { id, required, error, errorId } = props;
  return (
    <div className="nu-field" part="field">
      <FieldLabel htmlFor={id} required={required}>
        {props.label}
      </FieldLabel>
      <select
        id={id}
        className="nu-control"
        part={props.part}
        name={props.name}
        value={props.value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">{props.pleaseSelect}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorId ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

function completeAddress(value: Partial<AddressValue> | null | undefined): AddressValue {
  return { ...emptyAddress(), ...(value && typeof value === "object" ? value : {}) };
}

/**
 * The Hong Kong address selector in the order people fill it: the building / estate field with
 * suggestions from the Address Lookup Service first (a pick fills region, district, sub-district
 * and block), then the region → district → sub-district dropdowns, then block, floor and room.
 * Required fields are flagged once changed and left empty, or after a submit attempt (`showErrors`),
 * never merely because the keyboard passed through. Every change emits `nu-change`
 * {value, english}, `english` being the English-translated copy (with `block`).
 */
export function AddressSelector(props: AddressSelectorProps) {
  const { disabled, showErrors, lang } = props;
  const required = props.required !== false;
  const prefix = props.name || "address";
  const language = normaliseLang(lang);
  const ref = useRef<HTMLFieldSetElement>(null);
  const styles = useStyles(ref, baseSheet, comboboxSheet, addressSheet);
  const t = useWidgetT(lang, addressTexts);
  const emit = useEmit(ref, props);
  const ids = useIds(
    "region",
    "district",
    "sub",
    "building",
    "list",
    "block",
    "floor",
    "room",
    "hint",
    "street",
    "status",
    "err",
  );
  const propValue = useMemo(() => completeAddress(props.value), [props.value]);
  const [value, , commitValue] = useHostState(ref, "value", propValue, sameAddress);
  const [touched, setTouched] = useState<Partial<Record<RequiredAddressField, boolean>>>({});
  // Read on every render (each keystroke is one), not once: the API's answers may name the server's
  // lookup after the field appeared (lib/config.ts learnFromServer).
  const alsUrl = resolveConfig({ alsUrl: props.alsUrl }).alsUrl || ALS_DEFAULT_URL;
  const { suggestions, status, lookup, clear: clearSuggestions } = useAddressLookup(alsUrl);
  // Chosen by the customer once the lookup cannot help: no more lookups, region and district by hand.
  const [manual, setManual] = useState(false);
  // A value from outside, not the echo of the user's own change, ends the lookup and its status line.
  // Every recent change counts as an echo, not only the last: under Preact the effect of the render
  // that carried the echo of 淘 can run after 大 was typed (two keys in one frame), and must not
  // cancel the lookup of 淘大.
  const committed = useRef<AddressValue[]>([propValue]);
  useEffect(() => {
    if (committed.current.some((own) => sameAddress(own, propValue))) return;
    committed.current = [propValue];
    clearSuggestions();
  }, [propValue, clearSuggestions]);

  const buildingText = value.buildingLang === "en" ? value.buildingEn : value.building;
  const missing = required ? addressMissing(value) : [];
  const flagged = (field: RequiredAddressField) => missing.includes(field) && (showErrors || touched[field]);
  const touch = (field: RequiredAddressField) => setTouched((current) => ({ ...current, [field]: true }));

  const commit = (next: AddressValue) => {
    committed.current = [...committed.current.slice(-7), next];
    commitValue(next);
    emit("nu-change", { value: next, english: toAddressEn(next) });
  };

  const combobox = useCombobox<AlsSuggestion>({
    items: suggestions,
    listId: ids.list,
    optionId: (index) => `${ids.list}-${index}`,
    onPick: (suggestion) => {
      const next = mapSuggestion(suggestion, buildingText, { floor: value.floor, room: value.room });
      saveAddressHints(next);
      clearSuggestions();
      commit(next);
    },
  });

  // One premises can appear twice in an answer; each answer replaces the whole list.
  const optionKeys = useMemo(
    () => suggestions.map((s, i) => `${i}:${s.Address.PremisesAddress.GeoAddress ?? ""}`),
    [suggestions],
  );
  const typedLang = containsChinese(buildingText) ? "zh" : "en";
  const names = (item: { zh: string; en: string }) => (language === "en" ? item.en : item.zh);
  const districtOptions = value.region ? districtsOf(value.region) : [];
  const subOptions = value.district ? subDistrictsOf(value.district) : [];
  const requiredError = t("common.required");
  const street = shownStreet(value, language);
  const statusText = {
    idle: "",
    searching: t("widgets.address.searching"),
    slow: t("widgets.address.slow"),
    found: "",
    none: t("widgets.address.noMatch"),
    failed: t("widgets.address.failed"),
  }[status];
  const offerManual = !manual && (status === "slow" || status === "none" || status === "failed");
  const goManual = () => {
    setManual(true);
    clearSuggestions();
    ref.current?.querySelector<HTMLSelectElement>('[part~="region"]')?.focus();
  };

  return (
    <fieldset ref={ref} className="nu-root nu-address" part="address" disabled={disabled}>
      {styles}
      <legend className="nu-label nu-address-legend" part="legend">
        {props.label || t("widgets.address.label")}
      </legend>
      <div className="nu-field" part="field">
        <FieldLabel htmlFor={ids.building} required={required}>
          {t("address.building")}
        </FieldLabel>
        <div className="nu-building">
          <div className="nu-combobox">
            <input
              {...combobox.inputProps}
              id={ids.building}
              className="nu-control"
              part="input building"
              type="text"
              name={value.buildingLang === "en" ? `${prefix}-building-en` : `${prefix}-building`}
              lang={buildingText ? (typedLang === "zh" ? "zh-Hant-HK" : "en") : undefined}
              autoComplete="off"
              value={buildingText}
              required={required}
              aria-invalid={flagged("building") || undefined}
              aria-describedby={describedBy(
                ids.hint,
                street.text ? ids.street : null,
                flagged("building") && `${ids.err}-building`,
              )}
              onChange={(event) => {
                const text = event.currentTarget.value;
                touch("building");
                const zh = containsChinese(text);
                if (!manual) {
                  combobox.reopen();
                  lookup(text);
                }
                commit({
                  ...value,
                  building: zh ? text : "",
                  buildingEn: zh ? "" : text,
                  buildingLang: text ? (zh ? "zh" : "en") : "",
                });
              }}
            />
            <SuggestionList
              combobox={combobox}
              items={suggestions}
              label={t("widgets.address.suggestions")}
              keyOf={(_, index) => optionKeys[index]}
            >
              {(suggestion) => suggestionLabel(suggestion, typedLang)}
            </SuggestionList>
          </div>
          <button
            type="button"
            className="nu-button nu-button--secondary"
            part="button clear-button"
            aria-label={t("widgets.address.clearBuilding")}
            onClick={() => {
              clearAddressHints();
              clearSuggestions();
              commit({
                ...value,
                building: "",
                buildingEn: "",
                block: "",
                street_en: "",
                street_zh: "",
                latitude: "",
                longitude: "",
                buildingLang: "",
              });
            }}
          >
            {t("common.clear")}
          </button>
        </div>
        <FieldHint id={ids.hint}>
          {t(manual || status === "failed" ? "widgets.address.manualHint" : "widgets.address.buildingHint")}
        </FieldHint>
        <p
          className={`nu-lookup-status nu-lookup-status--${status}`}
          id={ids.status}
          part="lookup-status"
          role="status"
        >
          {statusText}
        </p>
        {offerManual ? (
          <button type="button" className="nu-manual" part="manual-button" onClick={goManual}>
            {t("widgets.address.manual")}
          </button>
        ) : null}
        {street.text ? (
          <p className="nu-street" id={ids.street} part="street">
            {t("address.streetLabel")}
            <span lang={street.lang === "en" ? "en" : "zh-Hant-HK"}>{street.text}</span>
          </p>
        ) : null}
        <FieldError id={`${ids.err}-building`} message={flagged("building") ? requiredError : ""} />
      </div>

      <div className="nu-address-row">
        <AddressSelect
          id={ids.region}
          label={t("address.region")}
          part="select region"
          name={`${prefix}-region`}
          value={value.region}
          options={REGIONS.map((region) => ({ value: region.code, label: names(region) }))}
          required={required}
          pleaseSelect={t("common.pleaseSelect")}
          error={flagged("region") ? t("address.regionRequired") : ""}
          errorId={`${ids.err}-region`}
          onChange={(region) => {
            touch("region");
            commit({ ...value, region: region as RegionCode, district: "", subDistrict: "" });
          }}
        />
        <AddressSelect
          id={ids.district}
          label={t("address.district")}
          part="select district"
          name={`${prefix}-district`}
          value={value.district}
          options={districtOptions.map((district) => ({ value: district.code, label: names(district) }))}
          required={required}
          pleaseSelect={t("common.pleaseSelect")}
          error={flagged("district") ? t("address.districtRequired") : ""}
          errorId={`${ids.err}-district`}
          onChange={(district) => {
            touch("district");
            commit({ ...value, district: district as DistrictCode, subDistrict: "" });
          }}
        />
        <AddressSelect
          id={ids.sub}
          label={t("address.subDistrict")}
          part="select sub-district"
          name={`${prefix}-sub-district`}
          value={value.subDistrict}
          options={subOptions.map((sub) => ({ value: sub.id, label: names(sub) }))}
          pleaseSelect={t("common.pleaseSelect")}
          onChange={(subDistrict) => commit({ ...value, subDistrict })}
        />
      </div>

      <div className="nu-address-row">
        {(["block", "floor", "room"] as const).map((field) => (
          <div className="nu-field" part="field" key={field}>
            <FieldLabel htmlFor={ids[field]}>{t(`address.${field}`)}</FieldLabel>
            <input
              id={ids[field]}
              className="nu-control"
              part={`input ${field}`}
              type="text"
              name={`${prefix}-${field}`}
              value={value[field]}
              aria-describedby={`${ids[field]}-hint`}
              onChange={(event) => commit({ ...value, [field]: event.currentTarget.value })}
            />
            <FieldHint id={`${ids[field]}-hint`}>{t("common.leaveBlankIfNA")}</FieldHint>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
