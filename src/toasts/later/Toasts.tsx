import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as RACToastRegion,
  type UNSTABLE_ToastQueue as ToastQueue,
} from 'react-aria-components';
import { useEffect, useRef, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { focusRing } from '../../theme/mixins.ts';
import { AlertIcon, CloseIcon } from '../../ui/icons.tsx';
import { InfoIcon } from '../../ui/icons.tsx';
import { CheckCircleIcon } from '../../ui/icons-menus-messages.tsx';
import { toastOf, type AppToast, type RaisedToast } from '../messages.ts';
import { createToastQueue } from './toast-queue.ts';
import { theme } from '../../theme/tokens.ts';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

const Region = styled(RACToastRegion<AppToast>)`
  position: fixed;
  right: ${theme.space(4)};
  bottom: ${theme.space(4)};
  left: ${theme.space(4)};
  z-index: 100;
  display: flex;
  flex-direction: column-reverse;
  align-items: flex-end;
  gap: ${theme.space(2)};
  pointer-events: none;
  outline: none;

  &[data-focus-visible] {
    ${focusRing}
  }
`;

const StyledToast = styled(Toast<AppToast>)`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space(3)};
  width: min(360px, 100%);
  padding: ${theme.space(3)} ${theme.space(2)} ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radius.md};
  background: ${theme.color.toast.info.bg};
  color: ${theme.color.toast.info.text};
  box-shadow: ${theme.shadow.popover};
  pointer-events: auto;
  outline: none;
  animation: ${slideIn} ${theme.motion.normal};

  > svg {
    margin-top: 2px;
  }

  &[data-tone='success'] {
    background: ${theme.color.toast.success.bg};
    color: ${theme.color.toast.success.text};
  }

  &[data-tone='error'] {
    background: ${theme.color.toast.error.bg};
    color: ${theme.color.toast.error.text};
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

const Content = styled(ToastContent)`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${theme.space(0.5)};
  min-width: 0;
`;

const Title = styled(Text)`
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
`;

const Description = styled(Text)`
  font-size: ${theme.font.size.sm};
`;

// The toast's buttons (close, "Undo") on the toast's own colours: pressed and focused alike.
const toastButtonStates = css`
  &[data-hovered],
  &[data-pressed] {
    background: rgb(127 127 127 / 0.25);
  }

  &[data-focus-visible] {
    outline: 2px solid currentColor;
    outline-offset: 1px;
  }
`;

const CloseButton = styled(Button)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;

  ${toastButtonStates}
`;

// "Undo": a text button in the toast's own colours.
const ActionButton = styled(Button)`
  flex-shrink: 0;
  align-self: center;
  min-height: 32px;
  padding: 0 ${theme.space(2)};
  border: 1px solid currentColor;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: inherit;
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
  cursor: pointer;

  ${toastButtonStates}
`;

const toneIcons = { success: CheckCircleIcon, error: AlertIcon, info: InfoIcon };

export function ToastRegion({ queue }: { queue: ToastQueue<AppToast> }) {
  return (
    <Region queue={queue}>
      {({ toast }) => {
        const tone = toast.content.tone ?? 'info';
        const ToneIcon = toneIcons[tone];
        return (
          <StyledToast toast={toast} data-tone={tone}>
            <ToneIcon size={18} />
            <Content>
              <Title slot="title">{toast.content.title}</Title>
              <Description slot="description">{toast.content.description}</Description>
            </Content>
            {toast.content.action && (
              <ActionButton
                onPress={() => {
                  toast.content.action?.onAction();
                  queue.close(toast.key);
                }}
              >
                {toast.content.action.label}
              </ActionButton>
            )}
            <CloseButton slot="close" aria-label="Close">
              <CloseIcon size={16} />
            </CloseButton>
          </StyledToast>
        );
      }}
    </Region>
  );
}

/**
 * The app's toasts: the queue is made with the first toast, so React Aria's queue loads with this
 * chunk; `raised` only grows, and each toast in it is queued once, in its words.
 */
export function RaisedToasts({ raised }: { raised: readonly RaisedToast[] }) {
  const [queue] = useState(createToastQueue);
  const queued = useRef(0);
  useEffect(() => {
    for (const toast of raised.slice(queued.current)) queue.add(toastOf(toast));
    queued.current = raised.length;
  }, [raised, queue]);
  return <ToastRegion queue={queue} />;
}
