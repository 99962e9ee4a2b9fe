import { saveBlob } from '../../lib/saveBlob';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hands the workbook to the browser's download (the page stays where it is). */
export function saveFile(data: ArrayBuffer, fileName: string): void {
  saveBlob(new Blob([data], { type: XLSX_TYPE }), fileName);
}
