/**
 * A building name in either language: the one required free-text part of an address. Its own
 * module because both the address schema (schemas.ts) and the address helpers (address.ts) use it.
 * Typed by its fields, not by AddressValue: AddressValue is inferred from the schema that calls it.
 */
export function hasBuilding(v: { building: string; buildingEn: string }): boolean {
  return v.building.trim() !== "" || v.buildingEn.trim() !== "";
}
