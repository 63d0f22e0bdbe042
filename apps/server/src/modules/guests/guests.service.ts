import { clearsGuestCount, type AddGuestData, type Guest, type UpdateGuestData } from '@ani/contract/guests';
import { invitationText } from '@ani/contract/invitation';
import { messages } from '@ani/contract/messages';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import type { WhatsappApi } from '../whatsapp/whatsapp.public.ts';
import type { GuestLimits, InvitationBudget } from './guest-limits.ts';
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
  whatsapp: Pick<WhatsappApi, 'queueInvitations' | 'latestInvitationStatuses' | 'forgetConversation'>;
  /** Called after an approval committed its invitations, to wake the job runner. */
  onInvitationsQueued: () => void;
  limits: GuestLimits;
  /** Invitations per account per day, taken inside the approval that queues them. */
  invitationBudget: InvitationBudget;
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
        deps.limits.guestsPerWedding,
      );
      if (result.ok) return toGuest(result.guest);
      if (result.reason === 'locked') throw new AppError(ErrorCode.FORBIDDEN, g.addLocked);
      if (result.reason === 'full') {
        throw new AppError(
          ErrorCode.CONFLICT,
          g.listFull.replace('{n}', deps.limits.guestsPerWedding.toLocaleString('tr-TR')),
        );
      }
      if (result.reason === 'duplicate') throw new AppError(ErrorCode.CONFLICT, g.duplicatePhone);
      throw new AppError(ErrorCode.NOT_FOUND, messages.weddings.notFound);
    },

    async remove(user: AuthUser, weddingId: string, phone: string): Promise<void> {
      const wedding = await ownedWedding(user, weddingId);
      const result = await repository.remove(wedding.id, phone, deps);
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
      // Invitations wait in the outbox while WhatsApp is not connected and go out later, so they count.
      // The approval takes them from the account's day for exactly the guests it queues, counted under
      // the wedding's lock, so a committed approval has nothing to give back; a refusal leaves the list
      // unapproved and unchanged.
      const budget = deps.invitationBudget;
      let taken = 0;
      let approval;
      try {
        approval = await repository.approve(
          wedding.id,
          (w, guest) => ({ guestId: guest.id, phone: guest.phone, body: invitationText(w, guest.name) }),
          deps,
          async (count) => {
            await budget.take(user.id, count);
            taken += count;
          },
        );
      } catch (error) {
        // Anything failing after the take (queueing, the commit) rolled the approval back: none was queued.
        await budget.giveBack(user.id, taken);
        throw error;
      }
      if (!approval) throw new AppError(ErrorCode.NOT_FOUND, messages.weddings.notFound);
      if (approval.queued > 0) deps.onInvitationsQueued();
      return { guestListApproved: true, guestTotal: approval.guestTotal, peopleTotal: approval.peopleTotal };
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
