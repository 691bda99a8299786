import { describe, expect, it } from 'vitest';
import { fileSize, galleryOrder, type FileRecord } from './files';

const file = (file_id: number, is_image: boolean, default_image = false) => ({ file_id, is_image, default_image, active_yn: true, file_name: `f${file_id}` }) as FileRecord;

describe('item files', () => {
  it('shows only pictures in the gallery, default images first, else in the given order', () => {
    expect(galleryOrder([file(1, true), file(2, false), file(3, true, true), file(4, true)]).map((f) => f.file_id)).toEqual([3, 1, 4]);
  });
  it('says sizes in B, KB and MB', () => {
    expect(fileSize(900)).toBe('900 B');
    expect(fileSize(36 * 1024)).toBe('36 KB');
    expect(fileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
