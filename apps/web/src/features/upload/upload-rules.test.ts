import { describe, expect, it } from 'vitest';
import { addToSelection, dragTypeUndetectable, mediaKindOf, uploadButtonLabel, validateUpload } from './upload-rules';
import { perFileProgress } from './api/upload-media';

const f = (name: string, type: string, size = 1000) => ({ name, type, size });
const MB = 1024 * 1024;

describe('mediaKindOf', () => {
  it('uses the MIME type, and the extension only when the browser gave none (HEIC on some browsers)', () => {
    expect(mediaKindOf(f('a.jpg', 'image/jpeg'))).toBe('image');
    expect(mediaKindOf(f('a.mov', 'video/quicktime'))).toBe('video');
    expect(mediaKindOf(f('IMG_0001.HEIC', ''))).toBe('image');
    expect(mediaKindOf(f('clip.MOV', ''))).toBe('video');
    expect(mediaKindOf(f('a.pdf', 'application/pdf'))).toBe('other');
    expect(mediaKindOf(f('noextension', ''))).toBeNull();
    expect(mediaKindOf(f('a.xyz', ''))).toBeNull();
  });
});

describe('addToSelection', () => {
  it('refuses a file whose type cannot be detected, with the picker and the drag texts', () => {
    expect(addToSelection([], [f('x', '')]).error).toBe(
      'Seçtiğiniz dosyalardan bazıları desteklenmiyor (dosya tipi algılanamadı).',
    );
    expect(addToSelection([], [f('x', '')], 'drop').error).toBe(dragTypeUndetectable);
  });

  it('refuses anything but images and videos, keeping the earlier selection', () => {
    const current = [f('a.jpg', 'image/jpeg')];
    const result = addToSelection(current, [f('b.jpg', 'image/jpeg'), f('c.pdf', 'application/pdf')]);
    expect(result.error).toBe('Sadece resim ve video dosyaları yüklenebilir.');
    expect(result.files).toBe(current);
  });

  it('allows 10 photos and 3 videos, not one more', () => {
    const ten = Array.from({ length: 10 }, (_, i) => f(`${i}.jpg`, 'image/jpeg'));
    expect(addToSelection([], ten).error).toBeNull();
    expect(addToSelection(ten, [f('11.jpg', 'image/jpeg')]).error).toBe('En fazla 10 adet fotoğraf yükleyebilirsiniz.');
    const three = Array.from({ length: 3 }, (_, i) => f(`${i}.mp4`, 'video/mp4'));
    expect(addToSelection(ten, three).files).toHaveLength(13);
    expect(addToSelection(three, [f('4.mp4', 'video/mp4')]).error).toBe('En fazla 3 adet video yükleyebilirsiniz.');
  });

  it('allows 100 MB in total, not a byte more', () => {
    expect(addToSelection([], [f('a.mp4', 'video/mp4', 60 * MB), f('b.mp4', 'video/mp4', 40 * MB)]).error).toBeNull();
    expect(addToSelection([f('a.mp4', 'video/mp4', 100 * MB)], [f('b.jpg', 'image/jpeg', 1)]).error).toBe(
      "Toplam dosya boyutu 100MB'ı geçemez.",
    );
  });
});

describe('validateUpload', () => {
  it('asks for a file, then a name of at least 2 characters', () => {
    expect(validateUpload({ fileCount: 0, name: 'Ali', note: '' }).files).toBe('Lütfen yüklemek için dosya seçin.');
    expect(validateUpload({ fileCount: 1, name: '   ', note: '' }).name).toBe('Lütfen isminizi girin.');
    expect(validateUpload({ fileCount: 1, name: ' A ', note: '' }).name).toBe('İsminiz en az 2 karakter olmalı.');
    expect(validateUpload({ fileCount: 1, name: 'Al', note: '' })).toEqual({});
  });

  it('keeps the note optional but bounded', () => {
    expect(validateUpload({ fileCount: 1, name: 'Ali', note: 'x'.repeat(501) }).note).toBeDefined();
  });

  it('labels the button with the file count', () => {
    expect(uploadButtonLabel(4)).toBe('4 Dosyayı Yükle');
  });
});

describe('perFileProgress', () => {
  it('fills the files in order from the request bytes sent', () => {
    expect(perFileProgress([100, 200], 0, 330)).toEqual([0, 0]);
    expect(perFileProgress([100, 200], 165, 330)).toEqual([100, 50]);
    expect(perFileProgress([100, 200], 330, 330)).toEqual([100, 200]);
  });
});
