// Files and images of an item (H4's File operations): the gallery's pictures come as thumbnails (base64 JSON) and
// full images fetched with the session's token (an <img src> cannot send it), shown through object URLs.
import { formatQuantity } from '../../shared/numbers';
import { useEffect, useState } from 'react';
import { apiUrl, callApi, httpClient, type Schema } from '../../shared/api';

export type FileRecord = Schema<'FileRecord'>;
export type FileEntityType = Schema<'FileEntityType'>;

/** The upload limit the API states (File/Readable); the API refuses larger files with 413 anyway. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = '.jpg,.jpeg,.png,.bmp,.gif,.tif,.tiff';
export const FILE_TYPES = '.pdf,.docx,.doc,.xlsx,.xls,.txt,.jpg,.jpeg,.png,.bmp,.gif,.tif,.tiff,.csv';

/** The pictures among the files, default images first, otherwise in the API's order (the CID's before the item master's). */
export function galleryOrder(files: readonly FileRecord[]): FileRecord[] {
  return files.filter((f) => f.is_image && f.active_yn !== false).sort((a, b) => Number(b.default_image) - Number(a.default_image));
}

/** '12 KB', '1.4 MB'. */
export function fileSize(bytes: number | null | undefined): string {
  const n = Number(bytes ?? 0);
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  // Tenths of a megabyte, in the user's locale ('1.4 MB', '1,2 MB').
  return `${formatQuantity(Math.round((n * 10) / (1024 * 1024)) / 10)} MB`;
}

/** A thumbnail as a data URL (File/Azure/Thumbnail/{id}); null while loading or when there is none. */
export function useThumbnail(fileId: number | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (fileId === null) return undefined;
    const controller = new AbortController();
    callApi('get', '/V1/File/Azure/Thumbnail/{id}', { path: { id: fileId }, signal: controller.signal, quiet: true })
      .then((thumb) => !controller.signal.aborted && setUrl(`data:${thumb.mime_type || 'image/png'};base64,${thumb.data}`))
      .catch(() => undefined);
    return () => controller.abort();
  }, [fileId]);
  return url;
}

/** The full picture (File/Azure/Image/{guid}) as an object URL, released when no longer shown. */
export function useImage(fileGuid: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!fileGuid) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    httpClient(apiUrl('/v1/File/Azure/Image/{file_guid}', { file_guid: fileGuid }), { blob: true, signal: controller.signal, quiet: true })
      .then(({ blob }) => {
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [fileGuid]);
  return url;
}

/** Downloads a file's content (File/Original/{id}) under its own name. */
export async function downloadFile(file: FileRecord): Promise<void> {
  const { blob } = await httpClient(apiUrl('/V1/File/Original/{id}', { id: file.file_id }), { blob: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface UploadInput {
  entityType: FileEntityType;
  entityId: number;
  file: File;
  description?: string | null;
  defaultImage?: boolean;
}

/** File/Insert (multipart/form-data); answers the saved record. 400 and 413 are the caller's to show. */
export async function uploadFile({ entityType, entityId, file, description, defaultImage }: UploadInput): Promise<FileRecord> {
  const form = new FormData();
  form.append('entityType', entityType);
  form.append('entityID', String(entityId));
  form.append('file', file, file.name);
  if (description?.trim()) form.append('description', description.trim());
  if (defaultImage) form.append('default_image', 'true');
  const { json } = await httpClient(apiUrl('/V1/File/Insert'), { method: 'POST', body: form, local400: true });
  return json as FileRecord;
}
