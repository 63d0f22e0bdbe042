/** A host's wedding as `/weddings/info` answers it, its list still open. */
export const sampleWedding = {
  weddingId: 'w1',
  eventId: 'ev1',
  invitationImagePath: null,
  guestListApproved: false,
  venueName: 'Salon',
  venueLocation: 'https://maps.google.com/?q=x',
  brideName: 'Elif',
  brideSurname: 'Demir',
  groomName: 'Can',
  groomSurname: 'Yıldız',
  weddingDate: '2027-06-12',
  weddingTime: '19:30',
  capacity: 0,
};

/** One guest row as the guest list answers it, not yet invited. */
export const sampleGuest = {
  index: 1,
  name: 'Ali Veli',
  phone: '+905321234567',
  status: 'belirsiz',
  guestCount: 0,
  expectedGuestCount: 2,
  invitationStatus: null as string | null,
};
