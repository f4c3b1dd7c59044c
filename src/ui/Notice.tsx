import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';

/** A notice's box, in the page's flow: above the stories (demo content, offline), above a story's reports (offline). */
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
