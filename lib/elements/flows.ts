/**
 * The two customer flows as custom elements (DESIGN.md §4): `<nu-form>` and
 * `<nu-recruitment-form>`. With a `step` attribute the host drives the steps; without one the
 * element moves through its own steps. Both emit `nu-step`, `nu-submit` and `nu-error`.
 */
import { NuForm } from "../flows/nuform/NuForm.tsx";
import { RecruitmentForm } from "../flows/recruitment/RecruitmentForm.tsx";
import { defineElement } from "./define.ts";

const flowProps = { step: "string", partner: "string", alsUrl: "string" } as const;

defineElement("nu-form", NuForm, flowProps);
defineElement("nu-recruitment-form", RecruitmentForm, flowProps);
