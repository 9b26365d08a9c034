import { Alert } from "@chakra-ui/react";
import { ErrorCode, textForErrorCode } from "../../shared/errors.ts";
import { errorCodeOf } from "../api/errors.ts";

export interface ErrorTextProps {
  /** the spec's errorCode; or pass the failed call's error */
  code?: number;
  error?: unknown;
  /** a fixed text that replaces the catalogue text */
  text?: string;
}

/**
 * The catalogue text of spec §8 for a failed call. Code 6 (unauthorized) has no text of its own, so nothing
 * is shown for it unless `text` is given (pages show a LoginPrompt in that case).
 */
export function ErrorText({ code, error, text }: ErrorTextProps) {
  const errorCode = code ?? (error === undefined ? ErrorCode.Unknown : errorCodeOf(error));
  if (!text && errorCode === ErrorCode.Unauthorized) return null;
  return (
    <Alert.Root status="error" borderRadius="lg" data-testid="error-text" data-error-code={errorCode}>
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{text ?? textForErrorCode(errorCode)}</Alert.Title>
    </Alert.Root>
  );
}
