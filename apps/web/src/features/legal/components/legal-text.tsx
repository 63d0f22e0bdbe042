import type { LegalSection } from '../legal-types';

/** Renders a legal text as headed sections; used in the footer dialogs and the register terms dialog. */
export function LegalText({ sections, updated }: { sections: LegalSection[]; updated: string }) {
  return (
    <div className="space-y-5 text-sm leading-relaxed text-stone-700">
      <p className="text-xs text-stone-500">Son güncelleme: {updated}</p>
      {sections.map((section) => (
        <section key={section.title} className="space-y-2">
          <h3 className="font-sans text-base font-semibold text-stone-900">{section.title}</h3>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.items ? (
            <ul className="list-disc space-y-1 pl-5">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {[section.closing ?? []].flat().map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
