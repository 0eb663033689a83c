import { useEffect } from 'react';
import { pageTitle } from '../../../domain/page-title';
import { useAppConfig } from '../lib/app-config';

/** Sets document.title to the product name followed by the page name (spec §1). */
export function usePageTitle(pageName?: string): void {
  const { webTitle } = useAppConfig();
  useEffect(() => {
    document.title = pageTitle(webTitle, pageName);
  }, [webTitle, pageName]);
}
