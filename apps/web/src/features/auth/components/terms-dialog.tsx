import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { authTexts as t } from '../texts';

/** Terms opened from the register dialog; accepting ticks the register checkbox. */
export function TermsDialog({
  open,
  onOpenChange,
  onAccept,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-w-2xl flex-col" aria-describedby="terms-description">
        <DialogHeader>
          <DialogTitle>{t.termsTitle}</DialogTitle>
          <DialogDescription id="terms-description">
            Anı Kutusu hizmetini kullanmadan önce lütfen okuyun.
          </DialogDescription>
        </DialogHeader>
        <div
          className="max-h-[55dvh] overflow-y-auto pr-2"
          tabIndex={0}
          role="region"
          aria-label={t.termsTitle}
        >
          {children}
        </div>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t.termsBack}
          </Button>
          <Button onClick={onAccept}>{t.termsAccept}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
