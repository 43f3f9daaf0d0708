import { type ReactNode, useState } from 'react';

/**
 * A <details> whose content is built only once opened. A round of 50 table cards each with a
 * closed time-extension form, or 100 player rows each with a closed decklist upload, made the
 * phone build hundreds of form fields nobody had opened (form fields are costly to lay out).
 */
export function LazyDetails({
  summary,
  className,
  children,
}: {
  summary: ReactNode;
  className?: string;
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      {summary}
      {open && children()}
    </details>
  );
}
