// Seeded sampling lives with the rule model (src/shared/rules/sample.ts).
export { hash53, seededSample } from "../../shared/rules/sample.ts";
