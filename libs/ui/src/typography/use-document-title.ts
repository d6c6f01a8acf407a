import { useEffect } from 'react';

/** The tab's title of a page: "<title> | Toolshop" (nothing changes while the title is unknown). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | Toolshop`;
  }, [title]);
}
