export { ErrorMessage, type ErrorMessageProps } from "../ui/form/ErrorMessage.tsx";
export { AddressSelector, type AddressSelectorProps } from "./AddressSelector.tsx";
export { Card, type CardProps } from "./Card.tsx";
export { ConfirmDialog, type ConfirmDialogProps, type DialogTheme } from "./ConfirmDialog.tsx";
export { DatePicker, type DatePickerProps } from "./DatePicker.tsx";
export { EmailInput, type EmailInputProps, type EmailSendStatus } from "./EmailInput.tsx";
export type { Option, OptionsInput } from "./options.ts";
export { RadioGroup, type RadioGroupProps } from "./RadioGroup.tsx";
export { Select, type SelectProps } from "./Select.tsx";
