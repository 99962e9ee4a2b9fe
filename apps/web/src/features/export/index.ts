/** The spreadsheet export of a storage's (or a probe's) readings, for other features to place. */
export { StorageExport, type StorageExportProps } from './StorageExport';
export type { ExportProbe } from './exportSheets';
