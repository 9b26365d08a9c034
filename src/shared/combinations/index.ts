// Combination playlists: rules, validation and wording shared by the server and the wizard.
export { type CriterionDefinition, describeCriteria, describeCriterion } from "./definition.ts";
export * from "./rules.ts";
export * from "./schema.ts";
export * from "./types.ts";
