import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { privacySections, privacyUpdated } from '../privacy-text';
import { termsSections, termsUpdated } from '../terms-text';
import type { LegalSection } from '../legal-types';
import { LegalText } from './legal-text';

function LegalDialog({ title, description, sections, updated }: { title: string; description: string; sections: LegalSection[]; updated: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button type="button" className="cursor-pointer text-sm text-stone-300 underline-offset-4 hover:text-white hover:underline">
          {title}
        </button>
      </DialogTrigger>
      <DialogContent className="flex max-h-[90dvh] max-w-2xl flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* The text scrolls inside the dialog; the region is focusable so keyboard users can scroll it. */}
        <div className="-mr-2 min-h-0 flex-1 overflow-y-auto pr-2" tabIndex={0} role="region" aria-label={title}>
          <LegalText sections={sections} updated={updated} />
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
      sections={privacySections}
      updated={privacyUpdated}
    />
  );
}

export function TermsOfUseDialog() {
  return (
    <LegalDialog
      title="Kullanım Koşulları"
      description="Anı Kutusu hizmetini kullanırken geçerli olan kurallar."
      sections={termsSections}
      updated={termsUpdated}
    />
  );
}

/** The terms as plain content, for the register dialog's own terms dialog. */
export function TermsOfUseText() {
  return <LegalText sections={termsSections} updated={termsUpdated} />;
}
