import { ADDRESS_HINT_KEYS } from "../core/storageKeys.ts";
import type { AddressValue } from "../core/types.ts";

/**
 * The address hints the product keeps in localStorage (docs/rules.md#fields-and-formats): the picked street in English and
 * Chinese, latitude, longitude, and which building field (Chinese or English) is shown. Storage can
 * be unavailable (private mode, sandboxed iframes); the hints are a convenience, so that is ignored.
 */
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveAddressHints(value: AddressValue): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(ADDRESS_HINT_KEYS.streetEn, value.street_en);
    store.setItem(ADDRESS_HINT_KEYS.streetZh, value.street_zh);
    store.setItem(ADDRESS_HINT_KEYS.latitude, value.latitude);
    store.setItem(ADDRESS_HINT_KEYS.longitude, value.longitude);
    store.setItem(ADDRESS_HINT_KEYS.showChineseBuilding, String(value.buildingLang === "zh"));
    store.setItem(ADDRESS_HINT_KEYS.showEnglishBuilding, String(value.buildingLang === "en"));
  } catch {
    // Quota or access errors: the value itself still carries the hints.
  }
}

export function clearAddressHints(): void {
  const store = storage();
  if (!store) return;
  try {
    for (const key of Object.values(ADDRESS_HINT_KEYS)) store.removeItem(key);
  } catch {
    // See saveAddressHints.
  }
}
