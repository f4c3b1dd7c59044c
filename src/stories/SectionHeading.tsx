import styled from 'styled-components';
import { headlineFont } from './storyFonts.ts';

/** An `h2` with the editorial rule above it. */
export const SectionHeading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 3px solid ${({ theme }) => theme.color.text};
  color: ${({ theme }) => theme.color.text};
  ${headlineFont('xl')}
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
