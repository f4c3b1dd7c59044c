import styled from 'styled-components';
import { InfoIcon } from '../ui/icons-menus-messages.tsx';
import { theme } from '../theme/tokens.ts';

export const DEMO_NOTICE_TEXT =
  'Currently showing demo content. The live news feed will be available once API access is configured.';

/** The notice box above the stories; the offline notice shares it. */
export const Notice = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space(3)};
  padding: ${theme.space(3)} ${theme.space(4)};
  border: 1px solid ${theme.color.notice.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.notice.bg};
  color: ${theme.color.notice.text};
  font-size: ${theme.font.size.sm};
  line-height: ${theme.font.lineHeight.snug};

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
