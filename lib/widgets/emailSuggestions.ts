/**
 * What the e-mail field's suggestions and typo corrections need beyond the field itself: the
 * domain list and the suggestion listbox. One chunk, loaded after the field has painted
 * (emailDomainsOnDemand.ts).
 */
export { suggestDomainFix, suggestEmails } from "../core/lists/emailDomains.ts";
export { SuggestionList } from "../ui/suggestionList.tsx";
