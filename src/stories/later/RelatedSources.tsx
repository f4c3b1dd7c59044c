import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing } from '../../theme/mixins.ts';
import { theme } from '../../theme/tokens.ts';
import { ExternalLink } from '../ExternalLink.tsx';
import { RELATED_SOURCES_HEIGHT, type RelatedSourcesProps } from '../StoryCard.tsx';
import { smallPrintFont } from '../storyFonts.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';

/** "Also covered by 1 more source" / "Also covered by N more sources" (docs/product.md#accessible-names). */
export function relatedLabel(count: number): string {
  return `Also covered by ${count} more ${count === 1 ? 'source' : 'sources'}`;
}

const Trigger = styled(Button)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1.5)};
  min-height: ${RELATED_SOURCES_HEIGHT};
  padding: 0 ${theme.space(1)};
  margin-left: -${theme.space(1)};
  border: 0;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: ${theme.color.textMuted};
  font: inherit;
  ${smallPrintFont('medium')}
  cursor: pointer;

  svg {
    transition: transform ${theme.motion.fast};
  }

  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }

  &[data-hovered] {
    color: ${theme.color.text};
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space(3)};
  padding: 0;
  margin: 0;
  list-style: none;

  a {
    min-height: 32px;
    font-size: ${theme.font.size.xs};
  }
`;

/** A disclosure listing the other outlets' reports, each a link named by its source. */
export function RelatedSources({ related }: RelatedSourcesProps) {
  if (related.length === 0) return null;
  return (
    <Disclosure>
      <Trigger slot="trigger">
        {relatedLabel(related.length)}
        <ChevronDownIcon size={14} />
      </Trigger>
      <DisclosurePanel>
        <List>
          {related.map((link) => (
            <li key={link.url}>
              <ExternalLink href={link.url}>
                <span dir="auto">{link.source}</span>
              </ExternalLink>
            </li>
          ))}
        </List>
      </DisclosurePanel>
    </Disclosure>
  );
}
