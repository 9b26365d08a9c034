// Filling the built shell page: what goes in its head and in its empty root element, for the landing hero and for
// the pages the renderer made.

const ROOT = '<div id="root"></div>';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * `pattern` in `text` replaced by `value` as it is: a replacement string would read `$&`, `$'`, `` $` `` and `$$`
 * in page text and data as patterns, so the value is always given through a function.
 */
export const replaceLiterally = (text: string, pattern: string | RegExp, value: string): string =>
  text.replace(pattern, () => value);

/** The shell with `head` at the end of its head, `root` inside its root element and `afterRoot` right after it. */
export function fillShell(shell: string, head: string, root: string, afterRoot = ""): string {
  if (!shell.includes(ROOT)) throw new Error("The client shell has no empty root element");
  const withHead = replaceLiterally(shell, "</head>", `${head}</head>`);
  return replaceLiterally(withHead, ROOT, `<div id="root">${root}</div>${afterRoot}`);
}
