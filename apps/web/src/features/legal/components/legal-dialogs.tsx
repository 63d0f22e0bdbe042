import { lazy, Suspense, type ComponentType } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';

const PrivacyBody = lazy(() => import('./legal-body').then((m) => ({ default: m.PrivacyBody })));
const TermsBody = lazy(() => import('./legal-body').then((m) => ({ default: m.TermsBody })));

function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600">
      <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Yükleniyor...
    </p>
  );
}

function LegalDialog({
  title,
  description,
  Body,
}: {
  title: string;
  description: string;
  Body: ComponentType;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="cursor-pointer text-sm text-stone-300 underline-offset-4 hover:text-white hover:underline"
        >
          {title}
        </button>
      </DialogTrigger>
      <DialogContent className="flex max-h-[90dvh] max-w-2xl flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* The text scrolls inside the dialog; the region is focusable so keyboard users can scroll it. */}
        <div
          className="-mr-2 min-h-0 flex-1 overflow-y-auto pr-2"
          tabIndex={0}
          role="region"
          aria-label={title}
        >
          <Suspense fallback={<Loading />}>
            <Body />
          </Suspense>
        </div>
        <div className="mt-4 flex justify-end border-t border-stone-100 pt-4">
          <DialogClose asChild>
            <Button>Anladım</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function PrivacyPolicyDialog() {
  return (
    <LegalDialog
      title="Gizlilik Politikası"
      description="Kişisel verilerinizi nasıl topladığımızı, kullandığımızı ve koruduğumuzu açıklıyoruz."
      Body={PrivacyBody}
    />
  );
}

export function TermsOfUseDialog() {
  return (
    <LegalDialog
      title="Kullanım Koşulları"
      description="Anı Kutusu hizmetini kullanırken geçerli olan kurallar."
      Body={TermsBody}
    />
  );
}

/** The terms as content for the register dialog's own terms dialog (loaded when it opens). */
export function TermsOfUseText() {
  return (
    <Suspense fallback={<Loading />}>
      <TermsBody />
    </Suspense>
  );
}
