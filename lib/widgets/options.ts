/** A choice of a select or radio group. */
export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Options as given by a page: `[{value, label}]`, or plain strings that are both value and label. */
export type OptionsInput = ReadonlyArray<Option | string> | null | undefined;

export function normaliseOptions(options: OptionsInput): Option[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((option): Option[] => {
    if (typeof option === "string") return [{ value: option, label: option }];
    if (option && typeof option === "object" && option.value != null) {
      const value = String(option.value);
      return [{ value, label: String(option.label ?? value), disabled: Boolean(option.disabled) }];
    }
    return [];
  });
}
