import styled from 'styled-components';
import { InfoIcon } from '../ui/icons-menus-messages.tsx';

export const DEMO_NOTICE_TEXT =
  'Currently showing demo content. The live news feed will be available once API access is configured.';

/** The notice box above the stories; the offline notice shares it. */
export const Notice = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.color.notice.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.notice.bg};
  color: ${({ theme }) => theme.color.notice.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight.snug};

  svg {
    margin-top: 1px;
  }
`;

export function DemoNotice() {
  return (
    <Notice role="status">
      <InfoIcon size={18} />
      <p>{DEMO_NOTICE_TEXT}</p>
    </Notice>
  );
}
