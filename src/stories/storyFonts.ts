import { css } from 'styled-components';
import { theme } from '../theme/tokens.ts';

/** The fonts of the stories' text: each family, weight and size that the section headings and the story cards show it in. */

/** Headlines: the sections' headings and the large cards' titles (xl), the compact cards' titles (lg). */
export const headlineFont = (size: 'lg' | 'xl') => css`
  font-family: ${theme.font.heading};
  font-size: ${theme.font.size[size]};
  font-weight: ${theme.font.weight.bold};
`;

/** A card's small print: the date (regular), its related sources (medium), source and "New" (bold). */
export const smallPrintFont = (weight: 'regular' | 'medium' | 'bold') => css`
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight[weight]};
`;

/** A card's summary (regular) and its links, "Read more" and a related source (bold). */
export const cardTextFont = (weight: 'regular' | 'bold') => css`
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight[weight]};
`;
