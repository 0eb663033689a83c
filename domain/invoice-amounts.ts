// The amounts of a qualified invoice (インボイス制度): the tax of each rate is computed once per
// invoice from the rate's total before tax, and the issuer may round it down, up or to the
// nearest yen. The portal does not know which the core system chose, so it accepts any of the
// three and refuses every other value: an amount it stores is the one the customer was sent,
// never a corrected one.

/** The consumption-tax rates of an invoice, in percent. */
export const INVOICE_TAX_RATES = [10, 8] as const;
export type InvoiceTaxRate = (typeof INVOICE_TAX_RATES)[number];

/** Amounts in yen, as the import accepts them: 10 兆円 either way is far beyond any invoice. */
export const MAX_INVOICE_AMOUNT = 10_000_000_000_000;

/**
 * The tax values a base allows at a rate: rounded down, up, or to the nearest yen (a half away
 * from zero). A credit note's base is negative and so is its tax. Integer arithmetic only.
 */
export function allowedTaxValues(base: number, rate: InvoiceTaxRate): number[] {
  const times = base * rate; // exact: |base| ≤ 10^13, so |times| < 2^53
  const down = Math.floor(times / 100);
  const up = Math.ceil(times / 100);
  const nearest = Math.sign(times) * Math.round(Math.abs(times) / 100);
  return [...new Set([down, up, nearest])].sort((a, b) => a - b);
}

export function isAllowedTax(base: number, tax: number, rate: InvoiceTaxRate): boolean {
  return allowedTaxValues(base, rate).includes(tax);
}
