import { Check, X } from 'lucide-react';
import { passwordChecks } from '@ani/contract/users';
import { cn } from '../../lib/cn';

const matchText = 'Şifreler eşleşmelidir';

/** Every rule the new password must meet, in the order they are checked, plus the confirmation match. */
export function passwordProblems(password: string, confirmation: string): string[] {
  const problems: string[] = passwordChecks.filter((c) => !c.test(password)).map((c) => c.message);
  if (password !== confirmation || !confirmation) problems.push(matchText);
  return problems;
}

export function PasswordChecklist({
  id,
  password,
  confirmation,
}: {
  id: string;
  password: string;
  confirmation: string;
}) {
  const items = [
    ...passwordChecks.map((c) => ({ message: c.message, ok: c.test(password) })),
    { message: matchText, ok: confirmation.length > 0 && password === confirmation },
  ];
  return (
    <ul
      id={id}
      aria-label="Şifre gereksinimleri"
      className="space-y-1 rounded-lg bg-stone-50 p-3 text-sm dark:bg-stone-800"
    >
      {items.map((item) => (
        <li
          key={item.message}
          data-ok={item.ok}
          className={cn(
            'flex items-center gap-2',
            item.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-stone-600 dark:text-stone-300',
          )}
        >
          {item.ok ? (
            <Check aria-hidden className="h-4 w-4" />
          ) : (
            <X aria-hidden className="h-4 w-4 text-red-600" />
          )}
          <span>{item.message}</span>
          <span className="sr-only">{item.ok ? '(karşılandı)' : '(karşılanmadı)'}</span>
        </li>
      ))}
    </ul>
  );
}
