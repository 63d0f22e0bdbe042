import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../http/auth.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import { createMemoryRateLimitStore, RateLimitError } from '../../http/rate-limit.ts';
import type { WeddingRow } from '../weddings/weddings.public.ts';
import { createInvitationBudget } from './guest-limits.ts';
import type { GuestsRepository } from './guests.repository.ts';
import { createGuestsService } from './guests.service.ts';

// The paths the HTTP tests cannot time: the take made from inside the approval, and an approval
// that fails after the invitations were taken.
const user: AuthUser = { id: 'host-1', username: 'host', email: 'host@example.com', sessionId: 's' };
const wedding = { id: 'w-1', guestListApproved: false } as WeddingRow;
const perDay = 10;

function setup(approve: GuestsRepository['approve']) {
  const budget = createInvitationBudget(createMemoryRateLimitStore(), perDay);
  const takes: number[] = [];
  const repository = {
    approve: (async (...args: Parameters<GuestsRepository['approve']>) => {
      const [weddingId, draft, deps, takeBudget] = args;
      return approve(weddingId, draft, deps, async (count) => {
        takes.push(count);
        await takeBudget(count);
      });
    }) as GuestsRepository['approve'],
  } as unknown as GuestsRepository;
  const service = createGuestsService({
    repository,
    access: { wedding: async () => wedding } as unknown as OwnerAccess,
    weddings: {} as never,
    whatsapp: {} as never,
    onInvitationsQueued: () => {},
    limits: { guestsPerWedding: 5, invitationsPerDay: perDay },
    invitationBudget: budget,
  });
  /** How many invitations are left today: takes one at a time until refused, then gives them back. */
  const left = async () => {
    let n = 0;
    while (n <= perDay) {
      try {
        await budget.take(user.id, 1);
      } catch (error) {
        if (error instanceof RateLimitError) break;
        throw error;
      }
      n += 1;
    }
    await budget.giveBack(user.id, n);
    return n;
  };
  return { service, takes, left };
}

const approved = (queued: number) => ({
  guestTotal: queued,
  peopleTotal: queued,
  queued,
});

describe('the invitation budget around an approval', () => {
  it('takes once, for the guests the approval counted, and approves with them', async () => {
    let calls = 0;
    const { service, takes, left } = setup(async (_w, _draft, _deps, takeBudget) => {
      calls += 1;
      await takeBudget(4);
      return approved(4);
    });
    await expect(service.setApproval(user, wedding.id, true)).resolves.toMatchObject({ guestTotal: 4 });
    expect(takes).toEqual([4]);
    expect(calls).toBe(1);
    expect(await left()).toBe(perDay - 4);
  });

  it('gives back everything when the approval fails after the take', async () => {
    const { service, left } = setup(async (_w, _draft, _deps, takeBudget) => {
      await takeBudget(2);
      throw new Error('database went away');
    });
    await expect(service.setApproval(user, wedding.id, true)).rejects.toThrow('database went away');
    expect(await left()).toBe(perDay);
  });

  it('takes nothing when the list does not fit the day', async () => {
    let wentOn = false;
    const { service, left } = setup(async (_w, _draft, _deps, takeBudget) => {
      await takeBudget(perDay + 1);
      wentOn = true;
      return approved(perDay + 1);
    });
    await expect(service.setApproval(user, wedding.id, true)).rejects.toBeInstanceOf(RateLimitError);
    expect(wentOn).toBe(false);
    expect(await left()).toBe(perDay);
  });

  it('a list that fits exactly what is left of the day is approved, and the day is then used up', async () => {
    const { service, left } = setup(async (_w, _draft, _deps, takeBudget) => {
      await takeBudget(perDay);
      return approved(perDay);
    });
    await expect(service.setApproval(user, wedding.id, true)).resolves.toMatchObject({ guestTotal: perDay });
    expect(await left()).toBe(0);
  });
});
