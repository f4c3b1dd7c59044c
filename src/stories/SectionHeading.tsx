import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';
import { headlineFont } from './storyFonts.ts';

/** An `h2` with the editorial rule above it. */
export const SectionHeading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(4)};
  padding-top: ${theme.space(3)};
  border-top: 3px solid ${theme.color.text};
  color: ${theme.color.text};
  ${headlineFont('xl')}
  line-height: ${theme.font.lineHeight.tight};
`;
