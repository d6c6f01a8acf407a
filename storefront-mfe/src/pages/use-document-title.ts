import { useEffect } from 'react';

/** Same format as @toolshop/ui's PageTitle, for pages that style their own heading. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | Toolshop`;
  }, [title]);
}
