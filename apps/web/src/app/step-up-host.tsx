import { type ComponentType, useEffect, useState } from 'react';
import { onDemand } from '../lib/on-demand';
import { stepUpPrompt } from '../lib/step-up';
import { notify } from '../lib/toast';

type Dialog = ComponentType<{ isOpen: boolean; onDone: (proved: boolean) => void }>;

const loadDialog = onDemand(async () => (await import('./step-up-dialog')).StepUpDialog);

/** Opens the step-up dialog when a request asks for it (lib/step-up.ts); its code is fetched then. */
export function StepUpHost() {
  const [Dialog, setDialog] = useState<Dialog | null>(() => loadDialog.loaded() ?? null);
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      stepUpPrompt.subscribe((next) => {
        if (!next) return setOpen(false);
        loadDialog().then(
          (component) => {
            setDialog(() => component);
            setOpen(true);
          },
          (error: unknown) => {
            notify.failure(error);
            stepUpPrompt.finish(false);
          },
        );
      }),
    [],
  );
  return Dialog ? <Dialog isOpen={open} onDone={(proved) => stepUpPrompt.finish(proved)} /> : null;
}
