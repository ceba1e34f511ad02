import { formatPaise } from '~/shared/money';
import type { CreditNote, OrderDetail, OrderItem } from '~/shared/schemas/orders';
import { bottomLimit, continuedPage, MARGIN, minus, percent, RULE, type Doc } from './pdf-layout';

/**
 * The table of a tax document: one row per item (or credited line) with its HSN code, quantity,
 * rate, taxable value, GST rate and CGST + SGST or IGST, continued on further pages when long.
 */

const TABLE_FONT = 7.5;
const CELL_PAD = 3;

interface Column {
  key: 'no' | 'description' | 'hsn' | 'qty' | 'rate' | 'taxable' | 'rateGst' | 'tax' | 'amount';
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}
// 515 points: the width of A4 inside the margins.
const COLUMNS: Column[] = [
  { key: 'no', title: '#', width: 16, align: 'left' },
  { key: 'description', title: 'Description', width: 130, align: 'left' },
  { key: 'hsn', title: 'HSN', width: 50, align: 'left' },
  { key: 'qty', title: 'Qty', width: 22, align: 'right' },
  { key: 'rate', title: 'Rate (incl. GST)', width: 64, align: 'right' },
  { key: 'taxable', title: 'Taxable value', width: 64, align: 'right' },
  { key: 'rateGst', title: 'GST %', width: 30, align: 'right' },
  { key: 'tax', title: 'CGST + SGST / IGST', width: 73, align: 'right' },
  { key: 'amount', title: 'Amount', width: 66, align: 'right' },
];

/** One row of the table: the text of each column. */
export type TaxRow = Record<Column['key'], string>;

function drawTableHeader(doc: Doc, y: number): number {
  const height = 22;
  doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, height).fill('#eeeeee');
  let x = MARGIN;
  doc.font('bold').fontSize(7).fillColor('black');
  for (const c of COLUMNS) {
    doc.text(c.title, x + CELL_PAD, y + 4, { width: c.width - 2 * CELL_PAD, align: c.align });
    x += c.width;
  }
  return y + height + 3;
}

/** An invoice's row of an order item: its price after the coupon, GST included. */
export function itemCells(item: OrderItem, index: number): TaxRow {
  const discount = item.discountPaise > 0 ? `\nCoupon discount ${minus(item.discountPaise)}` : '';
  // Each unit's serial, for warranty claims (decision 72).
  const serials = item.units?.length ? `\nSerial no. ${item.units.map((u) => u.serial).join(', ')}` : '';
  const tax =
    item.igstPaise > 0 ? `IGST ${formatPaise(item.igstPaise)}` : `CGST ${formatPaise(item.cgstPaise)}\nSGST ${formatPaise(item.sgstPaise)}`;
  return {
    no: String(index + 1),
    description: `${item.name}\n${item.brand} · ${item.category} · Sold by ${item.sellerName}${discount}${serials}`,
    hsn: item.hsnCode,
    qty: String(item.quantity),
    rate: formatPaise(item.unitPricePaise),
    taxable: formatPaise(item.taxablePaise),
    rateGst: percent(item.gstRateBp),
    tax,
    amount: formatPaise(item.lineTotalPaise - item.discountPaise),
  };
}

/** A credit note's row of a credited line, described by the order's item it credits. */
export function creditCells(order: OrderDetail, line: CreditNote['lines'][number], index: number): TaxRow {
  const item = order.items.find((i) => i.id === line.itemId);
  const tax =
    line.igstPaise > 0 ? `IGST ${formatPaise(line.igstPaise)}` : `CGST ${formatPaise(line.cgstPaise)}\nSGST ${formatPaise(line.sgstPaise)}`;
  return {
    no: String(index + 1),
    description: item ? `${line.name}\n${item.brand} · ${item.category} · Sold by ${item.sellerName}` : line.name,
    hsn: line.hsnCode,
    qty: String(line.quantity),
    rate: formatPaise(Math.round(line.amountPaise / line.quantity)),
    taxable: formatPaise(line.taxablePaise),
    rateGst: percent(line.gstRateBp),
    tax,
    amount: formatPaise(line.amountPaise),
  };
}

function rowHeight(doc: Doc, row: TaxRow): number {
  doc.font('regular').fontSize(TABLE_FONT);
  return Math.max(...COLUMNS.map((c) => doc.heightOfString(row[c.key], { width: c.width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
}

/** The table from `y`, its header repeated on every page it continues on; returns the y below it. */
export function drawLines(doc: Doc, rows: TaxRow[], documentName: string, y: number): number {
  y = drawTableHeader(doc, y);
  rows.forEach((row) => {
    const height = rowHeight(doc, row);
    if (y + height > bottomLimit(doc)) y = drawTableHeader(doc, continuedPage(doc, documentName));
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.font('regular').fontSize(TABLE_FONT).fillColor('black');
      doc.text(row[c.key], x + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align });
      x += c.width;
    }
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  });
  return y + 12;
}
