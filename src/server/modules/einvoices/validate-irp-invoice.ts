import { Ajv, type ErrorObject } from 'ajv';
import { gstinProblem } from '~/shared/gstin';
import type { IrpInvoice } from './irp-json';
import { IRP_INVOICE_SCHEMA } from './irp-schema';

/** One reason the portal would refuse an e-invoice: its error code, where in the JSON, and what is wrong. */
export interface IrpProblem {
  /** The portal's error code (2140: not as per the schema). */
  code: string;
  /** A JSON pointer into the e-invoice: /ItemList/0/HsnCd. */
  path: string;
  message: string;
}

const ajv = new Ajv({ allErrors: true, strict: true });
const validateSchema = ajv.compile(IRP_INVOICE_SCHEMA);

function schemaMessage(error: ErrorObject): string {
  const where = error.instancePath || '/';
  switch (error.keyword) {
    case 'required':
      return `${where}: ${String(error.params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${where}: ${String(error.params.additionalProperty)} is not an attribute of the e-invoice`;
    case 'pattern':
      return `${where} is not in the portal's format`;
    case 'enum':
    case 'const':
      return `${where} must be one of ${JSON.stringify(error.params.allowedValues ?? [error.params.allowedValue])}`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

/** What the JSON schema of INV-01 version 1.1 refuses in the e-invoice (empty when it conforms). */
export function schemaProblems(invoice: unknown): IrpProblem[] {
  if (validateSchema(invoice)) return [];
  const problems = new Map<string, IrpProblem>();
  for (const error of validateSchema.errors ?? []) {
    const path = error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty)}` : error.instancePath;
    // One problem per attribute: a too-short HSN breaks its length and its pattern, said once.
    if (!problems.has(path)) problems.set(path, { code: '2140', path, message: schemaMessage(error) });
  }
  return [...problems.values()];
}

/** Paise of a rupee amount of the JSON (exact: the JSON's amounts have at most two decimals). */
const paise = (value: number | undefined) => Math.round((value ?? 0) * 100);

/**
 * The portal's checks beyond the schema, with its error codes: the GSTINs' check characters, a
 * buyer who is not the supplier, IGST only across states and CGST with SGST only within one, and
 * the totals adding up (the portal allows ₹1 either way on the invoice's value).
 */
export function portalRuleProblems(invoice: IrpInvoice): IrpProblem[] {
  const problems: IrpProblem[] = [];
  const seller = invoice.SellerDtls.Gstin;
  const buyer = invoice.BuyerDtls.Gstin;
  for (const [path, gstin] of [
    ['/SellerDtls/Gstin', seller],
    ['/BuyerDtls/Gstin', buyer],
  ] as const) {
    if (gstin !== 'URP' && gstinProblem(gstin)) problems.push({ code: '3028', path, message: `GSTIN ${gstin} is invalid` });
  }
  if (seller === buyer) {
    problems.push({ code: '2265', path: '/BuyerDtls/Gstin', message: 'Recipient GSTIN cannot be the same as the supplier GSTIN' });
  }
  const interState = invoice.SellerDtls.Stcd !== invoice.BuyerDtls.Pos;
  invoice.ItemList.forEach((item, i) => {
    if (!interState && paise(item.IgstAmt) > 0) {
      problems.push({
        code: '2172',
        path: `/ItemList/${i}/IgstAmt`,
        message: `For an intra-state supply IGST is not applicable to item ${item.SlNo}: only CGST and SGST are`,
      });
    }
    if (interState && paise(item.CgstAmt) + paise(item.SgstAmt) > 0) {
      problems.push({
        code: '2173',
        path: `/ItemList/${i}/CgstAmt`,
        message: `For an inter-state supply CGST and SGST are not applicable to item ${item.SlNo}: only IGST is`,
      });
    }
    if (paise(item.AssAmt) !== paise(item.TotAmt) - paise(item.Discount)) {
      problems.push({
        code: '2193',
        path: `/ItemList/${i}/AssAmt`,
        message: `For HSN ${item.HsnCd} and Sl. No ${item.SlNo}, AssAmt must equal TotAmt less Discount`,
      });
    }
  });
  const itemsTaxable = invoice.ItemList.reduce((sum, item) => sum + paise(item.AssAmt), 0);
  if (itemsTaxable !== paise(invoice.ValDtls.AssVal)) {
    problems.push({ code: '2182', path: '/ValDtls/AssVal', message: 'The taxable value of all items must equal the total taxable value' });
  }
  const v = invoice.ValDtls;
  const expected =
    invoice.ItemList.reduce((sum, item) => sum + paise(item.TotItemVal), 0) + paise(v.OthChrg) - paise(v.Discount) + paise(v.RndOffAmt);
  if (Math.abs(expected - paise(v.TotInvVal)) > 100) {
    problems.push({
      code: '2189',
      path: '/ValDtls/TotInvVal',
      message: 'Invalid total invoice value: it is not the items’ values with the charges',
    });
  }
  return problems;
}

/** Everything the portal would refuse: the schema first; the rules only of a JSON that has the schema's shape. */
export function validateIrpInvoice(invoice: unknown): IrpProblem[] {
  const problems = schemaProblems(invoice);
  return problems.length > 0 ? problems : portalRuleProblems(invoice as IrpInvoice);
}
