export const EXPORT_FILE_NAME = 'AspExport.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Offers a blob to the browser as a download with this name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function base64ToBlob(base64: string | null | undefined, type = 'application/octet-stream'): Blob {
  const binary = atob(String(base64 || '').replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Saves an export answer as AspExport.xlsx; the API may leave the blob untyped. */
export function saveExport(blob: Blob): void {
  saveBlob(blob.type ? blob : new Blob([blob], { type: XLSX_TYPE }), EXPORT_FILE_NAME);
}
