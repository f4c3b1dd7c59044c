import { useEffect, useRef, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { usePageActor, usePageSelector } from '../../system/page-system.ts';
import { theme } from '../../theme/tokens.ts';
import { visuallyHidden, wrappingRow } from '../../theme/mixins.ts';
import { Button } from '../../ui/later/Button.tsx';
import { ModalDialog } from '../../ui/later/ModalDialog.tsx';
import { useReadingActor, useReadingBusy } from '../actors.ts';
import type { YourReadingDialogProps } from '../FrontPageControls.tsx';

const Text = styled.p`
  margin: 0 0 ${theme.space(4)};
  color: ${theme.color.textMuted};
  font-size: ${theme.font.size.sm};
`;

const Row = styled.div`
  ${wrappingRow}
  gap: ${theme.space(2)};
`;

const Offer = styled.div`
  display: grid;
  gap: ${theme.space(2)};
  margin-top: ${theme.space(4)};
  font-size: ${theme.font.size.sm};
`;

const FileInput = styled.input`
  ${visuallyHidden}
`;

/** What the page's own controls are given: the notifications' button (src/follow), offered again after an import that brought follows. */
export interface YourReadingDialogParts {
  Notifications: ComponentType;
}

/**
 * "Your reading" (docs/product.md#your-reading-in-another-browser): "Export" writes what this
 * browser keeps to `newsroom-reading.json`; "Import" reads such a file and merges it. The outcome
 * is a toast (src/toasts/OutcomeToasts.tsx). Notifications never travel: after an import that
 * brought follows, the dialog offers them here, asking only on a press.
 */
export function YourReadingDialog({ isOpen, onOpenChange, Notifications }: YourReadingDialogProps & YourReadingDialogParts) {
  const reading = useReadingActor();
  const busy = useReadingBusy();
  const bookmarks = usePageActor('bookmarks');
  const follows = usePageActor('follows');
  const hidden = usePageActor('hiddenSources');
  const read = usePageActor('readMarks');
  const alerts = usePageActor('alerts');
  const notifying = usePageSelector('notifications', (snapshot) => snapshot.hasTag('notifying'));
  const fileRef = useRef<HTMLInputElement>(null);
  const [broughtFollows, setBroughtFollows] = useState(false);
  useEffect(() => {
    const subscription = reading.on('reading.imported', ({ follows: count }) => setBroughtFollows(count > 0));
    return () => subscription.unsubscribe();
  }, [reading]);

  const exportReading = () => {
    const saved = bookmarks.getSnapshot().context;
    reading.send({
      type: 'reading.export',
      at: new Date().toISOString(),
      reading: { bookmarks: { ids: saved.ids, stories: saved.stories }, follows: follows.getSnapshot().context.follows, hiddenSources: hidden.getSnapshot().context.sources, read: read.getSnapshot().context.ids, alerts: alerts.getSnapshot().context.alerts },
    });
  };

  return (
    <ModalDialog title="Your reading" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Text>Your bookmarks, follows, hidden outlets, read marks and alerts are kept in this browser only. Export them to a file, and import that file in another browser: it is added to what that browser keeps.</Text>
      <Row>
        <Button variant="primary" onPress={exportReading} isDisabled={busy}>
          Export
        </Button>
        <Button variant="secondary" onPress={() => fileRef.current?.click()} isDisabled={busy}>
          Import
        </Button>
        <FileInput
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file may be chosen again.
            event.currentTarget.value = '';
            if (file) reading.send({ type: 'reading.import', file });
          }}
        />
      </Row>
      {broughtFollows && !notifying && (
        <Offer>
          <p>Notifications stay with the browser that turned them on.</p>
          <Notifications />
        </Offer>
      )}
    </ModalDialog>
  );
}
