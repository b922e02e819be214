import { saveFile } from './download';

/** Hands a CSV file built in the browser to the user as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
