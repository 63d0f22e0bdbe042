import { useRef, type ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';

/**
 * The sidebar on a phone: the header's menu button opens it as a sheet from the left. It is the app's
 * dialog, so the focus moves in and stays there, Escape or a tap beside it closes it, and the focus
 * returns to the button.
 */
export function MobileMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger
        className="cursor-pointer rounded-lg p-2 hover:bg-stone-100 lg:hidden dark:hover:bg-stone-800"
        aria-label="Menüyü aç"
      >
        <Menu aria-hidden className="h-5 w-5" />
      </DialogTrigger>
      <DialogContent
        // The sidebar is the whole content; there is no description to announce.
        aria-describedby={undefined}
        ref={content}
        // The dialog's own pick skips links, which landed on the second group's toggle; the menu starts at its top.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.querySelector<HTMLElement>('nav a, nav button')?.focus();
        }}
        className="top-0 left-0 flex h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 flex-col rounded-none p-0 data-[state=open]:animate-fade-in"
      >
        <div className="flex h-14 shrink-0 items-center border-b border-stone-200 px-4 dark:border-stone-800">
          <DialogTitle className="text-lg">Menü</DialogTitle>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
