// What both transports need to describe a refusal: the tRPC code for an HTTP status and a zod error's message.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { ZodError } from "zod";

const codeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
};

export function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  return codeByStatus[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
}

export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  // `combinations[0].criteria[1].years`: array places in brackets, as the contract names fields
  const field =
    issue.path.length > 0
      ? issue.path
          .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i > 0 ? "." : ""}${String(key)}`))
          .join("")
      : "body";
  return `${field}: ${issue.message}`;
}
