/**
 * Shipping documents other than labels, shared by the emulated carriers: today the commercial
 * invoice that international bookings return beside their labels (a letter-size PDF listing the
 * parties and the customs commodities).
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { labelText } from './labels.js';

export interface InvoiceItem {
  description: string;
  quantity: number;
  weight: string;
  hsCode?: string;
  origin?: string;
  unitValue: number;
  value: number;
}

export interface InvoiceData {
  date: string;
  trackingNumber: string;
  invoiceNumber?: string;
  shipper: string[];
  recipient: string[];
  termsOfSale?: string;
  purpose?: string;
  currency: string;
  items: InvoiceItem[];
  note?: string;
}

const LETTER: [number, number] = [612, 792];
const MARGIN = 40;

function writer(page: PDFPage, font: PDFFont, bold: PDFFont, rgb: typeof import('pdf-lib').rgb) {
  return (x: number, y: number, size: number, value: string, isBold = false, maxWidth = 520): void => {
    const f = isBold ? bold : font;
    let text = labelText(value);
    while (text.length > 1 && f.widthOfTextAtSize(text, size) > maxWidth) text = text.slice(0, -1);
    page.drawText(text, { x, y, size, font: f, color: rgb(0, 0, 0) });
  };
}

export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  // Loaded with the first invoice, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const page = doc.addPage(LETTER);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = writer(page, font, bold, rgb);
  const rule = (y: number): void => {
    page.drawRectangle({ x: MARGIN, y, width: LETTER[0] - 2 * MARGIN, height: 0.8, color: rgb(0, 0, 0) });
  };

  let y = LETTER[1] - MARGIN - 16;
  text(MARGIN, y, 18, 'COMMERCIAL INVOICE', true);
  text(380, y + 4, 9, `DATE: ${data.date}`);
  text(380, y - 8, 9, `AIR WAYBILL NO: ${data.trackingNumber}`);
  if (data.invoiceNumber) text(380, y - 20, 9, `INVOICE NO: ${data.invoiceNumber}`);
  y -= 40;
  rule(y);
  y -= 16;
  text(MARGIN, y, 9, 'SHIPPER / EXPORTER', true);
  text(320, y, 9, 'CONSIGNEE', true);
  const lines = Math.max(data.shipper.length, data.recipient.length);
  for (let i = 0; i < lines; i++) {
    y -= 12;
    text(MARGIN, y, 9, data.shipper[i] ?? '', false, 260);
    text(320, y, 9, data.recipient[i] ?? '', false, 250);
  }
  y -= 20;
  text(MARGIN, y, 9, `TERMS OF SALE: ${data.termsOfSale ?? '-'}`);
  text(320, y, 9, `REASON FOR EXPORT: ${data.purpose ?? 'SOLD'}`);
  y -= 14;
  rule(y);

  const columns: Array<[string, number]> = [
    ['DESCRIPTION', MARGIN],
    ['QTY', 250],
    ['WEIGHT', 290],
    ['HS CODE', 350],
    ['ORIGIN', 420],
    ['UNIT VALUE', 465],
    ['TOTAL', 530],
  ];
  y -= 14;
  for (const [title, x] of columns) text(x, y, 8, title, true);
  for (const item of data.items.slice(0, 30)) {
    y -= 13;
    const cells = [
      item.description,
      String(item.quantity),
      item.weight,
      item.hsCode ?? '',
      item.origin ?? '',
      item.unitValue.toFixed(2),
      item.value.toFixed(2),
    ];
    cells.forEach((cell, i) => text(columns[i]?.[1] ?? MARGIN, y, 8, cell, false, i === 0 ? 200 : 60));
  }
  y -= 10;
  rule(y);
  y -= 16;
  const total = data.items.reduce((sum, item) => sum + item.value, 0);
  text(400, y, 10, `TOTAL VALUE: ${total.toFixed(2)} ${data.currency}`, true);
  y -= 40;
  text(MARGIN, y, 8, 'I declare that all the information contained in this invoice is true and correct.');
  if (data.note) text(MARGIN, MARGIN, 7, data.note);

  doc.setTitle(`Commercial invoice ${data.trackingNumber}`);
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
