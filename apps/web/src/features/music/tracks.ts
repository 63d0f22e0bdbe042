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

const section = (
  id: string,
  title: string,
  description: string,
  filters: [string, string, string],
  list: [string, string][],
): MusicSection => ({
  id,
  title,
  description,
  filters,
  tracks: list.map(([t, artist], i) => ({ id: `${id}-${i + 1}`, title: t, artist, filter: filters[i % 3]! })),
});

export const musicSections: MusicSection[] = [
  section(
    'entrance',
    'Giriş Müziği',
    'Salona adım attığınız ilk an için.',
    ['Klasik', 'Modern', 'Türkçe'],
    [
      ['Canon in D', 'Johann Pachelbel'],
      ['A Thousand Years', 'Christina Perri'],
      ['Sen Olsan Bari', 'Aleyna Tilki'],
      ['Wedding March', 'Felix Mendelssohn'],
      ['Marry You', 'Bruno Mars'],
      ['İstanbul Hatırası', 'Enstrümantal'],
      ['Bridal Chorus', 'Richard Wagner'],
      ['Perfect', 'Ed Sheeran'],
    ],
  ),
  section(
    'first-dance',
    'İlk Dans',
    'Sadece ikinizin olduğu o şarkı.',
    ['Romantik', 'Akustik', 'Türkçe'],
    [
      ['All of Me', 'John Legend'],
      ['Thinking Out Loud', 'Ed Sheeran'],
      ['Aşkın Olayım', 'Simge'],
      ['At Last', 'Etta James'],
      ["Can't Help Falling in Love", 'Elvis Presley'],
      ['Sen Ağlama', 'Sezen Aksu'],
      ['La Vie en Rose', 'Édith Piaf'],
      ['Yanımda Kal', 'Enstrümantal'],
    ],
  ),
  section(
    'second-dance',
    'İkinci Dans',
    'Pistin ısındığı neşeli anlar.',
    ['Hareketli', 'Pop', 'Türkçe'],
    [
      ['Sugar', 'Maroon 5'],
      ['Uptown Funk', 'Bruno Mars'],
      ['Şımarık', 'Tarkan'],
      ['September', 'Earth, Wind & Fire'],
      ['Shut Up and Dance', 'Walk the Moon'],
      ['Bangır Bangır', 'Gülşen'],
      ['Dancing Queen', 'ABBA'],
      ['Happy', 'Pharrell Williams'],
    ],
  ),
  section(
    'cake',
    'Pasta Kesimi',
    'Tatlı bir an için tatlı melodiler.',
    ['Eğlenceli', 'Zarif', 'Türkçe'],
    [
      ['Sugar Sugar', 'The Archies'],
      ['Moon River', 'Henry Mancini'],
      ['Bu Akşam', 'Enstrümantal'],
      ['Lovely Day', 'Bill Withers'],
      ['Fly Me to the Moon', 'Frank Sinatra'],
      ['Kiss Me', 'Sixpence None the Richer'],
      ['Il Mondo', 'Jimmy Fontana'],
      ['Ah Bu Ben', 'Enstrümantal'],
    ],
  ),
];
