/**
 * The JSON schema of the e-invoice (INV-01, version 1.1), written from the schema the GST Network
 * publishes for the IRP (einvoice1.gst.gov.in, "e-invoice JSON schema"): the attributes the shop
 * sends, with the portal's lengths, patterns and ranges. Optional attributes the shop never sends
 * (export, e-way bill, payment, reference details) are left out; `additionalProperties: false`
 * makes a misspelt attribute an error here rather than a silent drop at the portal.
 */

const amount = { type: 'number', minimum: 0, maximum: 999999999999.99 } as const;
const signedAmount = { type: 'number', minimum: -99.99, maximum: 99.99 } as const;
const stateCode = { type: 'string', minLength: 1, maxLength: 2, pattern: '^(?!0+$)([0-9]{1,2})$' } as const;

const party = (gstinPattern: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['Gstin', 'LglNm', 'Addr1', 'Loc', 'Pin', 'Stcd'],
    properties: {
      Gstin: { type: 'string', minLength: 3, maxLength: 15, pattern: gstinPattern },
      LglNm: { type: 'string', minLength: 1, maxLength: 100 },
      TrdNm: { type: 'string', minLength: 1, maxLength: 100 },
      Addr1: { type: 'string', minLength: 1, maxLength: 100 },
      Addr2: { type: 'string', minLength: 3, maxLength: 100 },
      Loc: { type: 'string', minLength: 3, maxLength: 50 },
      Pin: { type: 'integer', minimum: 100000, maximum: 999999 },
      Stcd: stateCode,
      Ph: { type: 'string', minLength: 6, maxLength: 12, pattern: '^[0-9]+$' },
      Em: { type: 'string', minLength: 6, maxLength: 100 },
    },
  }) as const;

const seller = party('^[0-9]{2}[0-9A-Z]{13}$');
const buyerParty = party('^([0-9]{2}[0-9A-Z]{13})$|^URP$');

export const IRP_INVOICE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'GST-India e-invoice (INV-01), version 1.1',
  type: 'object',
  additionalProperties: false,
  required: ['Version', 'TranDtls', 'DocDtls', 'SellerDtls', 'BuyerDtls', 'ItemList', 'ValDtls'],
  properties: {
    Version: { type: 'string', const: '1.1' },
    TranDtls: {
      type: 'object',
      additionalProperties: false,
      required: ['TaxSch', 'SupTyp'],
      properties: {
        TaxSch: { type: 'string', enum: ['GST'] },
        SupTyp: { type: 'string', enum: ['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'] },
        RegRev: { type: 'string', enum: ['Y', 'N'] },
        EcmGstin: { type: 'string', minLength: 15, maxLength: 15, pattern: '^[0-9]{2}[0-9A-Z]{13}$' },
        IgstOnIntra: { type: 'string', enum: ['Y', 'N'] },
      },
    },
    DocDtls: {
      type: 'object',
      additionalProperties: false,
      required: ['Typ', 'No', 'Dt'],
      properties: {
        Typ: { type: 'string', enum: ['INV', 'CRN', 'DBN'] },
        // At most 16 characters: letters, digits, / and -, not starting with 0, / or -.
        No: { type: 'string', minLength: 1, maxLength: 16, pattern: '^([a-zA-Z1-9]{1}[a-zA-Z0-9/-]{0,15})$' },
        Dt: { type: 'string', minLength: 10, maxLength: 10, pattern: '^[0-3][0-9]/[0-1][0-9]/[2][0][1-9][0-9]$' },
      },
    },
    SellerDtls: seller,
    BuyerDtls: {
      ...buyerParty,
      required: [...buyerParty.required, 'Pos'],
      properties: { ...buyerParty.properties, Pos: stateCode },
    },
    ItemList: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['SlNo', 'IsServc', 'HsnCd', 'UnitPrice', 'TotAmt', 'AssAmt', 'GstRt', 'TotItemVal'],
        properties: {
          SlNo: { type: 'string', minLength: 1, maxLength: 6 },
          PrdDesc: { type: 'string', minLength: 3, maxLength: 300 },
          IsServc: { type: 'string', enum: ['Y', 'N'] },
          HsnCd: { type: 'string', minLength: 4, maxLength: 8, pattern: '^[0-9]{4,8}$' },
          Qty: { type: 'number', minimum: 0, maximum: 9999999999.999 },
          Unit: { type: 'string', minLength: 3, maxLength: 8 },
          UnitPrice: { type: 'number', minimum: 0, maximum: 999999999999.999 },
          TotAmt: amount,
          Discount: amount,
          AssAmt: amount,
          GstRt: { type: 'number', enum: [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] },
          IgstAmt: amount,
          CgstAmt: amount,
          SgstAmt: amount,
          CesRt: { type: 'number', minimum: 0, maximum: 100 },
          CesAmt: amount,
          OthChrg: amount,
          TotItemVal: amount,
        },
      },
    },
    ValDtls: {
      type: 'object',
      additionalProperties: false,
      required: ['AssVal', 'TotInvVal'],
      properties: {
        AssVal: amount,
        CgstVal: amount,
        SgstVal: amount,
        IgstVal: amount,
        CesVal: amount,
        StCesVal: amount,
        Discount: amount,
        OthChrg: amount,
        RndOffAmt: signedAmount,
        TotInvVal: amount,
      },
    },
  },
} as const;
