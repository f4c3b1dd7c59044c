import { css } from 'styled-components';

/**
 * The fonts of the stories' text: each family, weight and size that the section headings and
 * the story cards show it in. The components take their fonts from here, and the loading
 * placeholder lays out a sample of each (SkeletonCards), so that the browser has looked them up
 * before the stories arrive. A light module: the placeholder is part of the first render, the
 * cards' code (React Aria) is not.
 */

/** Headlines: the sections' headings and the large cards' titles (xl), the compact cards' titles (lg). */
export const headlineFont = (size: 'lg' | 'xl') => css`
  font-family: ${({ theme }) => theme.font.heading};
  font-size: ${({ theme }) => theme.font.size[size]};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** A card's small print: the date (regular), its related sources (medium), source and "New" (bold). */
export const smallPrintFont = (weight: 'regular' | 'medium' | 'bold') => css`
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight[weight]};
`;

/** A card's summary (regular) and its links, "Read more" and a related source (bold). */
export const cardTextFont = (weight: 'regular' | 'bold') => css`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight[weight]};
`;

/** Every font above, for the placeholder's sample. */
export const STORY_FONTS = [
  headlineFont('xl'),
  headlineFont('lg'),
  smallPrintFont('regular'),
  smallPrintFont('medium'),
  smallPrintFont('bold'),
  cardTextFont('regular'),
  cardTextFont('bold'),
];
