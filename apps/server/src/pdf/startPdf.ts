import PDFDocument from 'pdfkit';
import { PDF_FONT, PDF_FONT_BOLD } from './pdfFonts.js';

/** The page margin of every PDF the server writes, in points. */
export const PDF_MARGIN = 50;

export interface StartedPdf {
  doc: PDFKit.PDFDocument;
  /** The file's bytes, once `doc.end()` has been called. */
  done: Promise<Buffer>;
  /** The width between the margins. */
  width: number;
  /** A "Label: value" line, the label bold, starting a new page when the page is full. */
  field: (label: string, value: string) => void;
  /** Starts a new page when fewer than `height` points are left above the bottom margin. */
  ensure: (height: number) => void;
}

/**
 * An A4 document in the fonts that have every letter of the eight languages (`body`, `bold`), its
 * bytes gathered as it is written. The sanitisation report and the invoice both start here, so that
 * they look like one company's papers.
 */
export function startPdf(info: PDFKit.DocumentInfo): StartedPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    font: PDF_FONT,
    info: { Author: 'Emberwatch', ...info },
  });
  doc.registerFont('body', PDF_FONT);
  doc.registerFont('bold', PDF_FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * PDF_MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > doc.page.height - PDF_MARGIN) doc.addPage();
  };
  const field = (label: string, value: string) => {
    ensure(16);
    doc.font('bold').fontSize(10).text(`${label}: `, PDF_MARGIN, doc.y, { continued: true, width });
    doc.font('body').text(value);
  };
  return { doc, done, width, field, ensure };
}
