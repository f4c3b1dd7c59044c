/**
 * The front page's own controls in the first render (docs/product.md#a-front-page-of-ones-own):
 * "Hidden outlets ({M})" in the search bar while any outlet is hidden, and "Your reading" in the
 * header. Plain buttons: each opens its dialog, which comes with the page's later part (`later/`),
 * as does the list's "Every story here is from an outlet you hid" (`later/EveryStoryHidden.tsx`).
 */
import { Suspense, useState, type ComponentType } from 'react';
import { HideIcon } from '../ui/icons.tsx';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { useHiddenSources, useHiddenSourcesActor } from './actors.ts';

export interface HiddenOutletsDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Newest hidden first. */
  sources: readonly string[];
  onShow(source: string): void;
}

export interface YourReadingDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/** "Hidden outlets ({M})": absent while no outlet is hidden. */
export function HiddenOutletsButton({ Dialog }: { Dialog: ComponentType<HiddenOutletsDialogProps> }) {
  const sources = useHiddenSources();
  const hidden = useHiddenSourcesActor();
  const [open, setOpen] = useState(false);
  if (sources.length === 0) return null;
  return (
    <>
      <PlainButton aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <HideIcon size={16} />
        Hidden outlets ({sources.length})
      </PlainButton>
      {open && (
        <Suspense fallback={null}>
          <Dialog isOpen onOpenChange={setOpen} sources={sources} onShow={(source) => hidden.send({ type: 'hidden.show', source })} />
        </Suspense>
      )}
    </>
  );
}

/** "Your reading", in the header: opens its dialog (Export, Import). */
export function YourReadingButton({ Dialog }: { Dialog: ComponentType<YourReadingDialogProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PlainButton aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Your reading
      </PlainButton>
      {open && (
        <Suspense fallback={null}>
          <Dialog isOpen onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
