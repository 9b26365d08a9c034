import { limits } from "../../../shared/limits.ts";

/** Previous goes back a page, never below 0 (spec §4). */
export const previousOffset = (offset: number) => Math.max(0, offset - limits.adminPageSize);

/** Next does nothing when the page shown has fewer than 20 rows (spec §4). */
export const nextOffset = (offset: number, rowsShown: number) =>
  rowsShown < limits.adminPageSize ? offset : offset + limits.adminPageSize;
