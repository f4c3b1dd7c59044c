import styled from 'styled-components';
import { Button } from '../../ui/later/Button.tsx';
import { useNotifications, useNotificationsActor } from '../actors.ts';
import { NOTIFY_BLOCKED, NOTIFY_FAILED, NOTIFY_OFF, NOTIFY_ON, NOTIFY_UNSUPPORTED } from './texts.ts';
import { theme } from '../../theme/tokens.ts';

const Control = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(3)};
  font-size: ${theme.font.size.sm};
`;

const Status = styled.p`
  color: ${theme.color.textMuted};
`;

/**
 * "Notify me of new reports" (the Following view) or "Notify me of matches" (the Alerts dialog) / "Stop
 * notifications": one push subscription for both, the browser asked only on a press
 * (docs/product.md#following-a-story, #alerts-for-words).
 */
export function NotificationsControl({ enableLabel = NOTIFY_ON }: { enableLabel?: string }) {
  const notifications = useNotificationsActor();
  const on = useNotifications((snapshot) => snapshot.hasTag('notifying'));
  const canEnable = useNotifications((snapshot) => snapshot.can({ type: 'notify.enable' }));
  const canDisable = useNotifications((snapshot) => snapshot.can({ type: 'notify.disable' }));
  const status = useNotifications((snapshot) =>
    snapshot.matches('blocked') ? NOTIFY_BLOCKED : snapshot.matches('failed') ? NOTIFY_FAILED : snapshot.matches('unsupported') ? NOTIFY_UNSUPPORTED : null,
  );
  return (
    <Control>
      {on ? (
        <Button isDisabled={!canDisable} onPress={() => notifications.send({ type: 'notify.disable' })}>
          {NOTIFY_OFF}
        </Button>
      ) : (
        <Button isDisabled={!canEnable} onPress={() => notifications.send({ type: 'notify.enable' })}>
          {enableLabel}
        </Button>
      )}
      {/* Always present, so that what it says is announced when it changes. */}
      <Status role="status">{status}</Status>
    </Control>
  );
}
