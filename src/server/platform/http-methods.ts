// Which requests only read: they are never CSRF-checked, may be answered from memory, revalidated, redirected.

/** GET and HEAD: a request that reads and changes nothing. */
export function isReadMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}
