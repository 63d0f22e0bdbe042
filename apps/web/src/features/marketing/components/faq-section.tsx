import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { faqs } from '../content';

export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_320px]">
        <div>
          <h2 id="faq-title" className="text-3xl font-semibold text-stone-900 sm:text-4xl">
            Sıkça Sorulan Sorular
          </h2>
          <p className="mt-3 mb-6 text-stone-600">Hizmetimiz hakkında merak ettiğiniz sorular</p>
          {/* Single-open and collapsible: opening one question closes the other. */}
          <Accordion type="single" collapsible>
            {faqs.map((f, i) => (
              <AccordionItem key={f.question} value={`faq-${i}`}>
                <AccordionTrigger>{f.question}</AccordionTrigger>
                <AccordionContent>{f.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </div>
        <aside className="h-fit rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 lg:sticky lg:top-24">
          <LifeBuoy aria-hidden className="mb-3 h-8 w-8 text-brand-700" />
          <h3 className="mb-2 font-sans text-lg font-semibold text-stone-900">Yardıma mı ihtiyacınız var?</h3>
          <p className="mb-5 text-sm text-stone-600">
            Aklınıza takılan her soru için ekibimiz hafta içi ve cumartesi günleri size yardımcı olmaya hazır.
          </p>
          <Link to={paths.contact} className={buttonClasses('outline', 'md')}>
            İletişime Geç
          </Link>
        </aside>
      </div>
    </section>
  );
}
