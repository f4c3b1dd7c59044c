import { useEffect, useState, type FormEvent } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import styled from 'styled-components';
import { ALERT_REFUSED, ALERTS_FULL, alertSearchPath } from '../../domain/alerts.ts';
import { NotificationsControl } from '../../follow/later/NotificationsControl.tsx';
import { controlBox, focusRing, wrappingRow } from '../../theme/mixins.ts';
import { theme } from '../../theme/tokens.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/later/Button.tsx';
import { IconButton } from '../../ui/later/IconButton.tsx';
import { ModalDialog } from '../../ui/later/ModalDialog.tsx';
import { RouteLink } from '../../ui/RouteLink.tsx';
import { useAlerts, useAlertsActor } from '../actors.ts';
import type { AlertsDialogProps } from '../AlertsButton.tsx';
import { ALERTS_EMPTY, NOTIFY_MATCHES } from '../texts.ts';


const Form = styled.form`
  ${wrappingRow}
  align-items: end;
  gap: ${theme.space(2)};
`;

const Field = styled(TextField)`
  display: grid;
  flex: 1 1 200px;
  gap: ${theme.space(1)};
  font-size: ${theme.font.size.sm};

  input {
    ${controlBox}
    padding: 0 ${theme.space(3)};
    font: inherit;
  }

  input[data-focus-visible] {
    ${focusRing}
  }
`;

const Refusal = styled.p`
  flex-basis: 100%;
  min-height: 1.5em;
  color: ${theme.color.danger};
  font-size: ${theme.font.size.sm};
`;

const List = styled.ul`
  display: grid;
  gap: ${theme.space(1)};
  margin: ${theme.space(3)} 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${theme.space(3)};
    padding: ${theme.space(1)} 0;
    border-bottom: 1px solid ${theme.color.border};
  }

  li > span {
    flex: 1;
    font-weight: ${theme.font.weight.medium};
    overflow-wrap: anywhere;
  }

  a {
    color: ${theme.color.accent};
    font-size: ${theme.font.size.sm};
  }
`;

const Empty = styled.p`
  margin: ${theme.space(3)} 0;
  color: ${theme.color.textMuted};
  font-size: ${theme.font.size.sm};
`;

/**
 * The "Alerts" dialog (docs/product.md#alerts-for-words): "Words to watch" and "Add alert", the alerts kept
 * with "Show matches for {words}" and "Remove alert for {words}", the refusals' texts, and "Notify me of
 * matches" on the browser's one push subscription. What is typed clears once its alert is added.
 */
export function AlertsDialog({ isOpen, onOpenChange }: AlertsDialogProps) {
  const alerts = useAlertsActor();
  const kept = useAlerts((snapshot) => snapshot.context.alerts);
  const refusal = useAlerts((snapshot) => (snapshot.hasTag('refused') ? ALERT_REFUSED : snapshot.hasTag('full') ? ALERTS_FULL : null));
  const [text, setText] = useState('');
  useEffect(() => alerts.on('alert.added', () => setText('')).unsubscribe, [alerts]);
  const add = (event: FormEvent) => {
    event.preventDefault();
    alerts.send({ type: 'alert.add', text, at: new Date().toISOString() });
  };
  return (
    <ModalDialog title="Alerts" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Form onSubmit={add}>
        <Field value={text} onChange={setText} autoFocus>
          <Label>Words to watch</Label>
          <Input />
        </Field>
        <Button type="submit" variant="primary">
          Add alert
        </Button>
        {/* Always present, so that a refusal is announced when it shows. */}
        <Refusal role="status">{refusal}</Refusal>
      </Form>
      {kept.length === 0 ? (
        <Empty>{ALERTS_EMPTY}</Empty>
      ) : (
        <List aria-label="Your alerts">
          {kept.map(({ words }) => (
            <li key={words}>
              <span>{words}</span>
              <RouteLink href={alertSearchPath(words)} aria-label={`Show matches for ${words}`} onClick={() => onOpenChange(false)}>
                Show matches
              </RouteLink>
              <IconButton aria-label={`Remove alert for ${words}`} onPress={() => alerts.send({ type: 'alert.remove', words })}>
                <CloseIcon size={16} />
              </IconButton>
            </li>
          ))}
        </List>
      )}
      <NotificationsControl enableLabel={NOTIFY_MATCHES} />
    </ModalDialog>
  );
}
