import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Mirrors `accountLinkParam` of the contract (a unit test keeps them equal) without loading zod. */
export const accountLinkParamName = 'hesap';

const AccountLinkResultDialog = lazy(() =>
  import('./account-link-result').then((m) => ({ default: m.AccountLinkResultDialog })),
);

/** Loads the result dialog only when an activation or e-mail link brought the visitor here. */
export function AccountLinkNotice() {
  const [params] = useSearchParams();
  const present = params.has(accountLinkParamName);
  // Once mounted the dialog stays, so removing the parameter from the URL does not close it.
  const [mounted, setMounted] = useState(present);
  if (present && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AccountLinkResultDialog />
    </Suspense>
  );
}
