// The `<nu-error-message>` loader's target. ErrorMessage lives in a chunk shared with other code
// (`ui`); importing it through this module of its own gives the import its own small chunk with a
// plain `export … from`, so the shared chunk needs no namespace object and no bundler helper
// (one file less before the sign-in step).
export { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
