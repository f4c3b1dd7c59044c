import { createLink } from '@tanstack/react-router';
import { Link as RACLink, type LinkProps } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';

const StyledLink = styled(RACLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(5)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;
  cursor: pointer;

  &[data-hovered] {
    background: ${({ theme }) => theme.color.accentHover};
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

function ButtonLink(props: LinkProps) {
  return <StyledLink {...props} />;
}

/** A React Aria link that navigates through TanStack Router, styled as a button. */
export const RouterButtonLink = createLink(ButtonLink);
