import styled from 'styled-components';
import { plainList, wrappingRow } from '../../theme/mixins.ts';
import { theme } from '../../theme/tokens.ts';
import { Button } from '../../ui/later/Button.tsx';
import { ModalDialog } from '../../ui/later/ModalDialog.tsx';
import type { HiddenOutletsDialogProps } from '../FrontPageControls.tsx';

const List = styled.ul`
  ${plainList}
  display: grid;
  gap: ${theme.space(2)};
`;

const Row = styled.li`
  ${wrappingRow}
  justify-content: space-between;
  gap: ${theme.space(2)};
`;

const Name = styled.span`
  font-weight: ${theme.font.weight.bold};
  overflow-wrap: anywhere;
`;

/** The "Hidden outlets" dialog: each outlet hidden, newest first, with "Show stories from {source}" (docs/product.md#hide-an-outlet). */
export function HiddenOutletsDialog({ isOpen, onOpenChange, sources, onShow }: HiddenOutletsDialogProps) {
  return (
    <ModalDialog title="Hidden outlets" isOpen={isOpen} onOpenChange={onOpenChange}>
      <List>
        {sources.map((source) => (
          <Row key={source}>
            <Name dir="auto">{source}</Name>
            <Button variant="secondary" onPress={() => onShow(source)} aria-label={`Show stories from ${source}`}>
              Show stories
            </Button>
          </Row>
        ))}
      </List>
    </ModalDialog>
  );
}
