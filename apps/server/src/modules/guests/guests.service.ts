import { clearsGuestCount, type AddGuestData, type Guest, type UpdateGuestData } from '@ani/contract/guests';
import { invitationText } from '@ani/contract/invitation';
import { messages } from '@ani/contract/messages';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import type { WhatsappApi } from '../whatsapp/whatsapp.public.ts';
import { guestListCsv } from './guests-csv.ts';
import type { GuestRecord, GuestsRepository } from './guests.repository.ts';

const g = messages.guests;

const toGuest = (r: GuestRecord & { invitationStatus?: Guest['invitationStatus'] }): Guest => ({
  index: r.index,
  name: r.name,
  phone: r.phone,
  status: r.status,
  guestCount: r.guestCount,
  expectedGuestCount: r.expectedGuestCount,
  invitationStatus: r.invitationStatus ?? null,
});

export function createGuestsService(deps: {
  repository: GuestsRepository;
  access: OwnerAccess;
  weddings: Pick<WeddingsApi, 'lockForUpdate' | 'markGuestListApproved' | 'listByOwner'>;
  whatsapp: Pick<WhatsappApi, 'queueInvitations' | 'latestInvitationStatuses'>;
  /** Called after an approval committed its invitations, to wake the job runner. */
  onInvitationsQueued: () => void;
}) {
  const { repository } = deps;
  const ownedWedding = deps.access.wedding;

  async function list(user: AuthUser, weddingId: string) {
    const wedding = await ownedWedding(user, weddingId);
    return {
      guestListApproved: wedding.guestListApproved,
      guestList: (await repository.list(wedding.id, deps.whatsapp)).map(toGuest),
    };
  }

  return {
    list,

    async add(user: AuthUser, data: AddGuestData): Promise<Guest> {
      const wedding = await ownedWedding(user, data.weddingId);
      const result = await repository.add(
        wedding.id,
        {
          name: data.name,
          phone: data.phone,
          status: data.status,
          guestCount: clearsGuestCount(data.status) ? 0 : data.expectedGuestCount,
          expectedGuestCount: data.expectedGuestCount,
        },
        deps.weddings,
      );
      if (result.ok) return toGuest(result.guest);
      if (result.reason === 'locked') throw new AppError(ErrorCode.FORBIDDEN, g.addLocked);
      if (result.reason === 'duplicate') throw new AppError(ErrorCode.CONFLICT, g.duplicatePhone);
      throw new AppError(ErrorCode.NOT_FOUND, messages.weddings.notFound);
    },

    async remove(user: AuthUser, weddingId: string, phone: string): Promise<void> {
      const wedding = await ownedWedding(user, weddingId);
      const result = await repository.remove(wedding.id, phone, deps.weddings);
      if (result === 'locked') throw new AppError(ErrorCode.FORBIDDEN, g.deleteLocked);
      if (result === 'not-found') throw new AppError(ErrorCode.NOT_FOUND, g.notFound);
    },

    /** Status and count edits stay allowed after approval (replies arrive by phone too). */
    async update(user: AuthUser, index: number, data: UpdateGuestData): Promise<Guest> {
      const wedding = await ownedWedding(user, data.weddingId);
      const updated = await repository.update(wedding.id, index, data.phone, {
        name: data.name,
        status: data.status,
        guestCount: clearsGuestCount(data.status) ? 0 : data.guestCount,
      });
      if (!updated) throw new AppError(ErrorCode.NOT_FOUND, g.updateNotFound);
      return toGuest(updated);
    },

    async setApproval(user: AuthUser, weddingId: string, approved: boolean) {
      const wedding = await ownedWedding(user, weddingId);
      if (!approved) {
        // One-way: an approved list cannot be reopened; "false" on an open list changes nothing.
        if (wedding.guestListApproved) throw new AppError(ErrorCode.CONFLICT, g.approvalIrreversible);
        const current = await list(user, weddingId);
        return {
          guestListApproved: false,
          guestTotal: current.guestList.length,
          peopleTotal: current.guestList.reduce((sum, x) => sum + x.expectedGuestCount, 0),
        };
      }
      const result = await repository.approve(
        wedding.id,
        (w, guest) => ({ guestId: guest.id, phone: guest.phone, body: invitationText(w, guest.name) }),
        deps,
      );
      if (!result) throw new AppError(ErrorCode.NOT_FOUND, messages.weddings.notFound);
      if (result.queued > 0) deps.onInvitationsQueued();
      return { guestListApproved: true, guestTotal: result.guestTotal, peopleTotal: result.peopleTotal };
    },

    async statistics(user: AuthUser, weddingId: string) {
      const wedding = await ownedWedding(user, weddingId);
      return repository.statistics(wedding.id);
    },

    /** The host's data archive: every guest list, as JSON and as the same CSV the list page exports. */
    async exportOf(ownerId: string): Promise<{ name: string; content: string }[]> {
      const lists = [];
      const files = [];
      for (const [i, wedding] of (await deps.weddings.listByOwner(ownerId)).entries()) {
        const guestList = (await repository.list(wedding.id, deps.whatsapp)).map(toGuest);
        lists.push({ weddingId: wedding.id, guestListApproved: wedding.guestListApproved, guestList });
        files.push({ name: `davetliler-${i + 1}.csv`, content: guestListCsv(guestList) });
      }
      return [{ name: 'davetliler.json', content: `${JSON.stringify(lists, null, 2)}\n` }, ...files];
    },

    async exportCsv(user: AuthUser, weddingId: string): Promise<string> {
      return guestListCsv((await list(user, weddingId)).guestList);
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
