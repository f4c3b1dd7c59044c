import styled from 'styled-components';
import { visuallyHidden } from '../theme/mixins.ts';
import { ChevronDownIcon, FilterIcon } from '../ui/icons.tsx';
import { badgeBox } from './badge.ts';
import { theme } from '../theme/tokens.ts';

const Badge = styled.span`
  ${badgeBox}
  border-radius: ${theme.radius.pill};
  background: ${theme.color.accent};
  color: ${theme.color.onAccent};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** The button's content. Named by it, "Categories 2 selected", so the name holds the visible text (WCAG 2.5.3). */
export function CategoriesLabel({ count }: { count: number }) {
  return (
    <>
      <FilterIcon size={18} />
      Categories
      {count > 0 && (
        <>
          {' '}
          <Badge>{count}</Badge>
          <Hidden> selected</Hidden>
        </>
      )}
      <ChevronDownIcon size={16} />
    </>
  );
}

