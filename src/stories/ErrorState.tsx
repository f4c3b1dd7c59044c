import styled, { keyframes } from 'styled-components';
import { Button } from '../ui/Button.tsx';
import { AlertIcon, RefreshIcon } from '../ui/icons.tsx';
import { StateMessage } from '../ui/StateMessage.tsx';

export interface ErrorStateProps {
  onRetry(): void;
  isRetrying?: boolean;
}

const ErrorMessage = styled(StateMessage)`
  > svg {
    color: ${({ theme }) => theme.color.danger};
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const RetryButton = styled(Button)`
  &[data-pending] svg {
    animation: ${spin} 1s linear infinite;
  }
`;

export function ErrorState({ onRetry, isRetrying = false }: ErrorStateProps) {
  return (
    <ErrorMessage role="alert">
      <AlertIcon size={40} />
      <h2>Error Loading News</h2>
      <p>Failed to fetch the latest stories</p>
      <RetryButton variant="primary" onPress={onRetry} isPending={isRetrying}>
        <RefreshIcon size={16} />
        Try Again
      </RetryButton>
    </ErrorMessage>
  );
}
