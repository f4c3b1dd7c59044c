/**
 * Links within the site, through TanStack Router (its `to`, `params` and `search`, type-checked
 * against the routes): a click navigates without a reload, a middle click or Ctrl+click opens a tab,
 * as a link does. Plain anchors, in the first render's code.
 */
import { createLink } from '@tanstack/react-router';
import styled from 'styled-components';
import { buttonBase, buttonVariants } from './button-styles.ts';

const ButtonAnchor = styled.a`
  ${buttonBase}
  ${buttonVariants.primary}
  text-decoration: none;
`;

/** A link styled as the primary button ("Return to Home"). */
export const RouterButtonLink = createLink(ButtonAnchor);
