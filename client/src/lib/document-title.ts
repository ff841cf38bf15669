import { useEffect } from 'react';

/** Sets the tab title ("Accedi · CampoBase"), so each page is announced and bookmarked by name. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · CampoBase` : 'CampoBase';
  }, [title]);
}
