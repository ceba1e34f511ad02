/**
 * Code 128 (ISO/IEC 15417) for the AWB on a shipping label (decision 78). No maintained barcode library is
 * in the project's dependencies (bwip-js, JsBarcode are not installed) and a label needs only this one
 * symbology, so it is drawn here: code set C for an all-digit AWB of even length (Shiprocket's couriers'
 * numeric AWBs, half the width), code set B otherwise (printable ASCII), with the modulo-103 check symbol.
 */

/** Bar and space widths (in modules) of symbols 0–106: 103–105 the start codes A, B, C; 106 the stop. */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]; // prettier-ignore

const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The symbol values of `text`, start and check symbol included (stop excluded). */
export function code128Symbols(text: string): number[] {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new Error('Code 128 here takes printable ASCII only');
  const values =
    /^\d+$/.test(text) && text.length % 2 === 0
      ? [START_C, ...(text.match(/\d\d/g) ?? []).map(Number)]
      : [START_B, ...[...text].map((c) => c.charCodeAt(0) - 32)];
  const check = values.reduce((sum, v, i) => sum + v * Math.max(1, i), 0) % 103;
  return [...values, check];
}

/** The barcode as alternating bar/space widths in modules, starting with a bar (quiet zones not included). */
export function code128Widths(text: string): number[] {
  return [...code128Symbols(text), STOP].flatMap((s) => [...PATTERNS[s]!].map(Number));
}

/** Draws the barcode at (x, y), `width` wide and `height` tall, on a pdfkit page (in black). */
export function drawCode128(doc: PDFKit.PDFDocument, text: string, box: { x: number; y: number; width: number; height: number }): void {
  const widths = code128Widths(text);
  const modules = widths.reduce((n, w) => n + w, 0);
  const unit = box.width / modules;
  let x = box.x;
  doc.save().fillColor('#000000');
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, box.y, w * unit, box.height).fill();
    x += w * unit;
  });
  doc.restore();
}
