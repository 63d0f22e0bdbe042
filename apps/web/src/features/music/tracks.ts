// Static catalogue for the music page: four moments, three filters and eight tracks each.

interface Track {
  id: string;
  title: string;
  artist: string;
  filter: string;
}

export interface MusicSection {
  id: string;
  title: string;
  description: string;
  filters: [string, string, string];
  tracks: Track[];
}

// Each track names its filter, one of its section's three (checked by the type): a "Türkçe" filter
// holds Turkish songs, whatever their order in the list.
const section = <F extends string>(
  id: string,
  title: string,
  description: string,
  filters: [F, F, F],
  list: [string, string, NoInfer<F>][],
): MusicSection => ({
  id,
  title,
  description,
  filters,
  tracks: list.map(([t, artist, filter], i) => ({ id: `${id}-${i + 1}`, title: t, artist, filter })),
});

export const musicSections: MusicSection[] = [
  section(
    'entrance',
    'Giriş Müziği',
    'Salona adım attığınız ilk an için.',
    ['Klasik', 'Modern', 'Türkçe'],
    [
      ['Canon in D', 'Johann Pachelbel', 'Klasik'],
      ['A Thousand Years', 'Christina Perri', 'Modern'],
      ['Sen Olsan Bari', 'Aleyna Tilki', 'Türkçe'],
      ['Wedding March', 'Felix Mendelssohn', 'Klasik'],
      ['Marry You', 'Bruno Mars', 'Modern'],
      ['İstanbul Hatırası', 'Enstrümantal', 'Türkçe'],
      ['Bridal Chorus', 'Richard Wagner', 'Klasik'],
      ['Perfect', 'Ed Sheeran', 'Modern'],
    ],
  ),
  section(
    'first-dance',
    'İlk Dans',
    'Sadece ikinizin olduğu o şarkı.',
    ['Romantik', 'Akustik', 'Türkçe'],
    [
      ['All of Me', 'John Legend', 'Romantik'],
      ['Thinking Out Loud', 'Ed Sheeran', 'Akustik'],
      ['Aşkın Olayım', 'Simge', 'Türkçe'],
      ['At Last', 'Etta James', 'Romantik'],
      ["Can't Help Falling in Love", 'Elvis Presley', 'Akustik'],
      ['Sen Ağlama', 'Sezen Aksu', 'Türkçe'],
      ['La Vie en Rose', 'Édith Piaf', 'Romantik'],
      ['Yanımda Kal', 'Enstrümantal', 'Akustik'],
    ],
  ),
  section(
    'second-dance',
    'İkinci Dans',
    'Pistin ısındığı neşeli anlar.',
    ['Hareketli', 'Pop', 'Türkçe'],
    [
      ['Sugar', 'Maroon 5', 'Hareketli'],
      ['Uptown Funk', 'Bruno Mars', 'Pop'],
      ['Şımarık', 'Tarkan', 'Türkçe'],
      ['September', 'Earth, Wind & Fire', 'Hareketli'],
      ['Shut Up and Dance', 'Walk the Moon', 'Pop'],
      ['Bangır Bangır', 'Gülşen', 'Türkçe'],
      ['Dancing Queen', 'ABBA', 'Hareketli'],
      ['Happy', 'Pharrell Williams', 'Pop'],
    ],
  ),
  section(
    'cake',
    'Pasta Kesimi',
    'Tatlı bir an için tatlı melodiler.',
    ['Eğlenceli', 'Zarif', 'Türkçe'],
    [
      ['Sugar Sugar', 'The Archies', 'Eğlenceli'],
      ['Moon River', 'Henry Mancini', 'Zarif'],
      ['Bu Akşam', 'Enstrümantal', 'Türkçe'],
      ['Lovely Day', 'Bill Withers', 'Eğlenceli'],
      ['Fly Me to the Moon', 'Frank Sinatra', 'Zarif'],
      ['Kiss Me', 'Sixpence None the Richer', 'Zarif'],
      ['Il Mondo', 'Jimmy Fontana', 'Eğlenceli'],
      ['Ah Bu Ben', 'Enstrümantal', 'Türkçe'],
    ],
  ),
];
