import { pageTitle } from '@domain/page-title';
import { useEffect } from 'react';
import { useAppConfig } from '../lib/app-config';

/** Sets document.title to the product name followed by the page name (docs/product.md §1). */
export function usePageTitle(pageName?: string): void {
  const { webTitle } = useAppConfig();
  useEffect(() => {
    document.title = pageTitle(webTitle, pageName);
  }, [webTitle, pageName]);
}
