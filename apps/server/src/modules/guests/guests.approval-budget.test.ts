import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../http/auth.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import { createMemoryRateLimitStore, RateLimitError } from '../../http/rate-limit.ts';
import type { WeddingRow } from '../weddings/weddings.public.ts';
import { createInvitationBudget } from './guest-limits.ts';
import type { GuestsRepository } from './guests.repository.ts';
import { createGuestsService } from './guests.service.ts';

// The paths the HTTP tests cannot time: a list that grows between the count and the approval, and
// an approval that fails after the invitations were taken.
const user: AuthUser = { id: 'host-1', username: 'host', email: 'host@example.com', sessionId: 's' };
const wedding = { id: 'w-1', guestListApproved: false } as WeddingRow;
const perDay = 10;

function setup(approve: GuestsRepository['approve'], count = 2) {
  const budget = createInvitationBudget(createMemoryRateLimitStore(), perDay);
  const allowances: number[] = [];
  const repository = {
    count: async () => count,
    approve: (async (...args: Parameters<GuestsRepository['approve']>) => {
      allowances.push(args[3]);
      return approve(...args);
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
  return { service, allowances, left };
}

const approved = (queued: number) => ({
  alreadyApproved: false,
  guestTotal: queued,
  peopleTotal: queued,
  queued,
});

describe('the invitation budget around an approval', () => {
  it('takes for guests added after the count and approves with them', async () => {
    let calls = 0;
    const { service, allowances, left } = setup(async (_w, _draft, _deps, allowance) => {
      calls += 1;
      return allowance < 4 ? { needs: 4 } : approved(4);
    });
    await expect(service.setApproval(user, wedding.id, true)).resolves.toMatchObject({ guestTotal: 4 });
    expect(allowances).toEqual([2, 4]);
    expect(calls).toBe(2);
    expect(await left()).toBe(perDay - 4);
  });

  it('gives back what was not queued when the list shrank', async () => {
    const { service, left } = setup(async () => approved(1));
    await service.setApproval(user, wedding.id, true);
    expect(await left()).toBe(perDay - 1);
  });

  it('gives back everything when the approval fails', async () => {
    const { service, left } = setup(async () => {
      throw new Error('database went away');
    });
    await expect(service.setApproval(user, wedding.id, true)).rejects.toThrow('database went away');
    expect(await left()).toBe(perDay);
  });

  it('gives back everything when the added guests do not fit the day', async () => {
    const { service, left } = setup(async (_w, _draft, _deps, allowance) =>
      allowance < perDay + 1 ? { needs: perDay + 1 } : approved(perDay + 1),
    );
    await expect(service.setApproval(user, wedding.id, true)).rejects.toBeInstanceOf(RateLimitError);
    expect(await left()).toBe(perDay);
  });
});
