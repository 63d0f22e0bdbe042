import { describe, expect, it } from 'vitest';
import {
  addToSelection,
  dragTypeUndetectable,
  groupLeftOut,
  mediaKindOf,
  noteCounter,
  perFileReason,
  uploadButtonLabel,
  validateUpload,
  waitText,
} from './upload-rules';
import { uploadTexts } from './texts';

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
  it('names a file whose type cannot be detected, with the picker and the drag texts', () => {
    expect(addToSelection([], [f('x', '')]).leftOut).toEqual([
      { name: 'x', reason: 'Seçtiğiniz dosyalardan bazıları desteklenmiyor (dosya tipi algılanamadı).' },
    ]);
    expect(addToSelection([], [f('x', '')], 'drop').leftOut).toEqual([
      { name: 'x', reason: dragTypeUndetectable },
    ]);
  });

  it('keeps the photos chosen with a text file and names the text file, with the earlier selection kept', () => {
    const current = [f('a.jpg', 'image/jpeg')];
    const result = addToSelection(current, [f('b.jpg', 'image/jpeg'), f('notlar.txt', 'text/plain')]);
    expect(result.files.map((x) => x.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.leftOut).toEqual([
      { name: 'notlar.txt', reason: 'Sadece resim ve video dosyaları yüklenebilir.' },
    ]);
  });

  it('keeps 10 of 11 photos and 3 of 4 videos, naming the ones over the limit', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => f(`${i + 1}.jpg`, 'image/jpeg'));
    const photos = addToSelection([], eleven);
    expect(photos.files).toHaveLength(10);
    expect(photos.leftOut).toEqual([
      { name: '11.jpg', reason: 'En fazla 10 adet fotoğraf yükleyebilirsiniz.' },
    ]);
    const three = Array.from({ length: 3 }, (_, i) => f(`${i}.mp4`, 'video/mp4'));
    expect(addToSelection(photos.files, three).files).toHaveLength(13);
    const videos = addToSelection(three, [f('4.mp4', 'video/mp4'), f('12.jpg', 'image/jpeg')]);
    expect(videos.files.map((x) => x.name)).toEqual(['0.mp4', '1.mp4', '2.mp4', '12.jpg']);
    expect(videos.leftOut).toEqual([{ name: '4.mp4', reason: 'En fazla 3 adet video yükleyebilirsiniz.' }]);
  });

  it('allows 100 MB in total, not a byte more, and still takes a smaller file that fits', () => {
    expect(
      addToSelection([], [f('a.mp4', 'video/mp4', 60 * MB), f('b.mp4', 'video/mp4', 40 * MB)]).leftOut,
    ).toEqual([]);
    const result = addToSelection(
      [f('a.mp4', 'video/mp4', 99 * MB)],
      [f('big.jpg', 'image/jpeg', 2 * MB), f('small.jpg', 'image/jpeg', 1000)],
    );
    expect(result.leftOut).toEqual([{ name: 'big.jpg', reason: "Toplam dosya boyutu 100MB'ı geçemez." }]);
    expect(result.files.map((x) => x.name)).toEqual(['a.mp4', 'small.jpg']);
  });

  it('leaves out an empty file and the same photo picked again, each with its reason; a new photo is taken', () => {
    const chosen = { ...f('a.jpg', 'image/jpeg'), lastModified: 1 };
    const result = addToSelection(
      [chosen],
      [
        { ...f('a.jpg', 'image/jpeg'), lastModified: 1 },
        { ...f('bos.jpg', 'image/jpeg', 0), lastModified: 2 },
        // Same name, another photo (taken at another time): a different file.
        { ...f('a.jpg', 'image/jpeg'), lastModified: 3 },
      ],
    );
    expect(result.files.map((x) => x.lastModified)).toEqual([1, 3]);
    expect(result.leftOut).toEqual([
      { name: 'a.jpg', reason: 'Bu dosya zaten seçili.' },
      { name: 'bos.jpg', reason: 'Bu dosya boş; içinde yüklenecek bir şey yok.' },
    ]);
  });

  it('groups the left-out files by reason, in the order the reasons came', () => {
    const roll = Array.from({ length: 150 }, (_, i) => f(`DSC_${i}.jpg`, 'image/jpeg'));
    const { leftOut } = addToSelection([], [...roll, f('notlar.txt', 'text/plain')]);
    expect(groupLeftOut(leftOut)).toEqual([
      {
        reason: 'En fazla 10 adet fotoğraf yükleyebilirsiniz.',
        names: roll.slice(10).map((x) => x.name),
      },
      { reason: 'Sadece resim ve video dosyaları yüklenebilir.', names: ['notlar.txt'] },
    ]);
  });

  it('answers the same selection when nothing new fits', () => {
    const current = [f('a.jpg', 'image/jpeg')];
    expect(addToSelection(current, [f('x.txt', 'text/plain')]).files).toBe(current);
  });
});

describe('validateUpload', () => {
  it('asks for a file, then a name of at least 2 characters', () => {
    expect(validateUpload({ fileCount: 0, name: 'Ali', note: '' }).files).toBe(
      'Lütfen yüklemek için dosya seçin.',
    );
    expect(validateUpload({ fileCount: 1, name: '   ', note: '' }).name).toBe('Lütfen isminizi girin.');
    expect(validateUpload({ fileCount: 1, name: ' A ', note: '' }).name).toBe(
      'İsminiz en az 2 karakter olmalı.',
    );
    expect(validateUpload({ fileCount: 1, name: 'Al', note: '' })).toEqual({});
  });

  it('counts a name’s letters as the server does: one emoji is one letter, not two', () => {
    expect(validateUpload({ fileCount: 1, name: '💍', note: '' }).name).toBe(
      'İsminiz en az 2 karakter olmalı.',
    );
    expect(validateUpload({ fileCount: 1, name: '💍💐', note: '' })).toEqual({});
  });

  it('keeps the note optional but bounded', () => {
    expect(validateUpload({ fileCount: 1, name: 'Ali', note: 'x'.repeat(501) }).note).toBeDefined();
  });

  it('labels the button with the file count', () => {
    expect(uploadButtonLabel(4)).toBe('4 Dosyayı Yükle');
  });
});

describe('noteCounter', () => {
  it('stays away from a short note, then counts as the rule does, past the limit too', () => {
    expect(noteCounter('Mutluluklar!')).toBeNull();
    expect(noteCounter('a'.repeat(399))).toBeNull();
    expect(noteCounter('a'.repeat(400))).toBe('400/500');
    // Invisible characters and the spaces around the note are not counted, as the server stores it.
    expect(noteCounter(`  ${'a'.repeat(450)}\u200b\u200b  `)).toBe('450/500');
    expect(noteCounter('a'.repeat(501))).toBe('501/500');
  });
});

describe('perFileReason', () => {
  it('names one file with a short reason where the server’s speaks of the whole upload', () => {
    expect(perFileReason(uploadTexts.typeUndetectable)).toBe('Dosya tipi algılanamadı.');
    expect(perFileReason(uploadTexts.closed)).toBe('Yüklemeler kapatıldı.');
    expect(perFileReason(uploadTexts.quotaBytes)).toBe('Albümün depolama alanı doldu.');
    expect(perFileReason(uploadTexts.quotaItems)).toBe('Albüm en fazla dosya sayısına ulaştı.');
    expect(perFileReason(uploadTexts.ipBudget)).toBe('Bu bağlantının saatlik yükleme sınırı doldu.');
  });

  it('keeps a reason about the file itself as the server said it, and says something when it said nothing', () => {
    expect(perFileReason('Görsel okunamadı; dosya bozuk olabilir.')).toBe(
      'Görsel okunamadı; dosya bozuk olabilir.',
    );
    expect(perFileReason(uploadTexts.onlyImagesAndVideos)).toBe(uploadTexts.onlyImagesAndVideos);
    expect(perFileReason(null)).toBe('Bu dosya kabul edilmedi.');
  });

  it('leaves the picker’s own list with the spec’s sentence for a file whose type cannot be told', () => {
    expect(addToSelection([], [f('x', '')]).leftOut[0]!.reason).toBe(uploadTexts.typeUndetectable);
  });
});

describe('waitText', () => {
  it('says seconds in the last minute and whole minutes, rounded up, before it', () => {
    const says = (wait: string) => `Şu anda çok yoğunuz. Yüklemeniz ${wait} sonra kendiliğinden başlayacak.`;
    expect(waitText(540_000)).toBe(says('9 dakika'));
    expect(waitText(539_000)).toBe(says('9 dakika'));
    expect(waitText(60_001)).toBe(says('2 dakika'));
    expect(waitText(60_000)).toBe(says('1 dakika'));
    expect(waitText(59_000)).toBe(says('59 saniye'));
    expect(waitText(200)).toBe(says('1 saniye'));
    expect(waitText(0)).toBe(says('1 saniye'));
  });
});
