import { Suspense, useState, type ComponentType } from 'react';
import { AlertIcon } from '../ui/icons.tsx';
import { ViewButton } from '../ui/ViewToggle.tsx';
import { useAlerts } from './actors.ts';

/** What the "Alerts" dialog (later/AlertsDialog.tsx) is given. */
export interface AlertsDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/** "Alerts" beside "Following": opens the "Alerts" dialog (the page's later part, `Dialog`), loading it on the press if it has not come. */
export function AlertsButton({ Dialog }: { Dialog: ComponentType<AlertsDialogProps> }) {
  const count = useAlerts((snapshot) => snapshot.context.alerts.length);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ViewButton label="Alerts" Icon={AlertIcon} onPress={() => setOpen(true)} count={count} />
      {open && (
        <Suspense fallback={null}>
          <Dialog isOpen onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
