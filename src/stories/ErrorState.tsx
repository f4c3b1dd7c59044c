import styled, { keyframes } from 'styled-components';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { AlertIcon, RefreshIcon } from '../ui/icons.tsx';
import { StateMessage } from '../ui/StateMessage.tsx';
import { theme } from '../theme/tokens.ts';

export interface ErrorStateProps {
  onRetry(): void;
  isRetrying?: boolean;
}

const ErrorMessage = styled(StateMessage)`
  > svg {
    color: ${theme.color.danger};
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const RetryButton = styled(PlainButton)`
  &[aria-disabled='true'] {
    cursor: progress;
  }

  &[aria-disabled='true'] svg {
    animation: ${spin} 1s linear infinite;
  }
`;

export function ErrorState({ onRetry, isRetrying = false }: ErrorStateProps) {
  return (
    <ErrorMessage role="alert">
      <AlertIcon size={40} />
      <h2>Error Loading News</h2>
      <p>Failed to fetch the latest stories</p>
      {/* While retrying it keeps focus and its name, and ignores presses. */}
      <RetryButton variant="primary" aria-disabled={isRetrying || undefined} onClick={() => !isRetrying && onRetry()}>
        <RefreshIcon size={16} />
        Try Again
      </RetryButton>
    </ErrorMessage>
  );
}
