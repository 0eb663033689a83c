/** docs/product.md §14: the page title is the product name, a separator, then the page name. */
export function pageTitle(webTitle: string, pageName?: string): string {
  return pageName ? `${webTitle} | ${pageName}` : webTitle;
}
