import { z } from "zod";

/** POST /api/user/delete-data takes no payload; an empty JSON object is accepted too. */
export const DeleteDataSchema = z.object({}).strict();
