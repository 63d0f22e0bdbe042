import { Link } from 'react-router';
import { paths } from '../config/paths';
import { buttonClasses } from '../components/ui/button';

export function NotFoundPage() {
  return (
    // Inside the site layout's <main>: a section, not a second main landmark.
    <section className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="font-display text-7xl font-bold text-brand-600">404</p>
      <h1 className="text-3xl font-semibold text-stone-900">Oops! Page not found</h1>
      <p className="max-w-sm text-stone-600">Aradığınız sayfa taşınmış ya da hiç var olmamış olabilir.</p>
      <Link to={paths.home} className={buttonClasses('default', 'lg')}>
        Ana Sayfaya Dön
      </Link>
    </section>
  );
}
