// Filling the built shell page: what goes in its head and in its empty root element, for the landing hero and for
// the pages the renderer made.

const ROOT = '<div id="root"></div>';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** The shell with `head` at the end of its head, `root` inside its root element and `afterRoot` right after it. */
export function fillShell(shell: string, head: string, root: string, afterRoot = ""): string {
  if (!shell.includes(ROOT)) throw new Error("The client shell has no empty root element");
  return shell.replace("</head>", `${head}</head>`).replace(ROOT, `<div id="root">${root}</div>${afterRoot}`);
}
