/** A response body as JSON, or undefined when it is empty or not JSON (hostile suites read every answer). */
export function jsonOrUndefined(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
