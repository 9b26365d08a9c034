// The UTC periods of samples and shuffles live with the rule model (src/shared/rules/periods.ts).
export { isoWeekKey, utcDayKey } from "../../../shared/rules/periods.ts";
