/** A link within the site, through TanStack Router's Link, styled as a button; RouteLink.tsx is the card's lighter one. */
import { createLink } from '@tanstack/react-router';
import styled from 'styled-components';
import { buttonBase, buttonVariants } from './button-styles.ts';

const ButtonAnchor = styled.a`
  ${buttonBase}
  ${buttonVariants.primary}
  text-decoration: none;
`;

/** A link styled as the primary button ("Return to Home"), type-checked against the routes. */
export const RouterButtonLink = createLink(ButtonAnchor);
