import { useEffect } from "react";

export const TITLE_PREFIX = "Crate | ";

/** Sets the document title ("Crate | <title>") and the meta description for the current route. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = `${TITLE_PREFIX}${title}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
