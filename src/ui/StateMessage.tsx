import styled from 'styled-components';

/** Centered icon + heading + text + action, shared by the empty and error states. */
export const StateMessage = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 480px;
  margin: ${({ theme }) => `${theme.space(12)} auto`};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  text-align: center;

  > svg {
    color: ${({ theme }) => theme.color.textMuted};
  }

  h2 {
    font-family: ${({ theme }) => theme.font.heading};
    font-size: ${({ theme }) => theme.font.size.xl};
    line-height: ${({ theme }) => theme.font.lineHeight.tight};
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }

  button {
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;
