// 42 pose suggestions: 6 categories × 7, each drawn by components/pose-art (no image files).

export const poseCategories = ['Romantik', 'Dramatik', 'Doğal', 'Hareketli', 'Portre', 'Detay'] as const;
export type PoseCategory = (typeof poseCategories)[number];
const difficulties = ['Kolay', 'Orta', 'Zor'] as const;
type Difficulty = (typeof difficulties)[number];

export interface Pose {
  id: number;
  name: string;
  description: string;
  category: PoseCategory;
  difficulty: Difficulty;
}

const names: Record<PoseCategory, [string, string][]> = {
  Romantik: [
    ['Alın Alına', 'Gözler kapalı, alınlar birbirine değiyor.'],
    ['Arkadan Sarılma', 'Damat gelini arkadan sarıyor.'],
    ['El Öpücüğü', 'Damat gelinin elini öpüyor.'],
    ['Gün Batımı Silüeti', 'Güneşe karşı iki siluet.'],
    ['Fısıltı', 'Kulağa bir sır fısıldanıyor.'],
    ['Burun Buruna', 'Gülümseyen yüzler çok yakın.'],
    ['Kalp Eller', 'Elleriyle birlikte bir kalp.'],
  ],
  Dramatik: [
    ['Duvak Rüzgârı', 'Duvak rüzgârda uçuşuyor.'],
    ['Geriye Eğilme', 'Damat gelini zarifçe geriye eğiyor.'],
    ['Merdiven Işığı', 'Merdivende karşılıklı bakış.'],
    ['Gece Işıltısı', 'Işık zinciri önünde siluet.'],
    ['Uzak Bakış', 'İkisi de ufka bakıyor.'],
    ['Kapı Çerçevesi', 'Kapı aralığında portre.'],
    ['Yağmur Altında', 'Şemsiye altında yakınlık.'],
  ],
  Doğal: [
    ['El Ele Yürüyüş', 'Kameraya arkası dönük yürüyüş.'],
    ['Kahkaha Anı', 'Kendiliğinden gelen bir kahkaha.'],
    ['Çimende Oturma', 'Çimenlerde rahat bir mola.'],
    ['Bakışma', 'Kameraya değil birbirlerine bakış.'],
    ['Omuza Yaslanma', 'Gelin başını damadın omzuna yaslıyor.'],
    ['Buket Koklama', 'Buket ve sessiz bir an.'],
    ['Sohbet', 'Yan yana keyifli bir sohbet.'],
  ],
  Hareketli: [
    ['Havaya Kaldırma', 'Damat gelini havaya kaldırıyor.'],
    ['Dönüş', 'Gelinin eteği dönerek açılıyor.'],
    ['Koşu', 'El ele kameraya doğru koşu.'],
    ['Zıplama', 'Aynı anda havaya sıçrama.'],
    ['Konfeti', 'Konfeti yağmurunda çıkış.'],
    ['Dans Figürü', 'İlk dansın en güzel anı.'],
    ['Sırtta Taşıma', 'Eğlenceli bir sırtta taşıma.'],
  ],
  Portre: [
    ['Gelin Portresi', 'Yumuşak ışıkta gelin.'],
    ['Damat Portresi', 'Ceket düzeltilirken damat.'],
    ['Omuz Üstü Bakış', 'Omuz üstünden kameraya bakış.'],
    ['Pencere Işığı', 'Pencere önünde doğal ışık.'],
    ['Yakın Çekim Gülümseme', 'İkisi birden kameraya gülümsüyor.'],
    ['Profil', 'Karşılıklı profiller.'],
    ['Ayna', 'Aynadaki yansıma.'],
  ],
  Detay: [
    ['Yüzükler', 'Yüzükler el üstünde.'],
    ['Buket Detayı', 'Buket ve kurdele.'],
    ['Ayakkabılar', 'Gelin ayakkabıları.'],
    ['Kol Düğmeleri', 'Damadın kol düğmeleri.'],
    ['Eller', 'Kenetlenmiş eller.'],
    ['Duvak Dokusu', 'Duvağın dantel dokusu.'],
    ['Pasta', 'Pasta kesiminin ilk dilimi.'],
  ],
};

export const poses: Pose[] = poseCategories.flatMap((category, c) =>
  names[category].map(([name, description], i) => {
    const id = c * 7 + i + 1;
    return {
      id,
      name,
      description,
      category,
      difficulty: difficulties[(i + c) % 3]!,
    };
  }),
);
