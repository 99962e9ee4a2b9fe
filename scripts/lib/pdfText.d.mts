/** The text a PDF shows, read the way a viewer does (pdfkit's output). */
export declare function pdfText(pdf: Buffer): string;
