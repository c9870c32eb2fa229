import { adminMessages } from '@meridian/shared';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';

/** 'Export CSV': a plain download link (the session cookie goes with it), filtered as the list on screen. */
export function ExportLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      onClick={() => notify.info(adminMessages.exportStarted)}
      className={buttonClasses('secondary', 'sm')}
    >
      <Download className="size-4" aria-hidden="true" />
      {adminMessages.console.exportCsv}
    </a>
  );
}
