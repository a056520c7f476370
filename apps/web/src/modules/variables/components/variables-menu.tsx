import { Button, Menu } from '@mantine/core';
import { BUILT_IN_VARIABLES } from '@prosa/contracts';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVariables } from '../api/variables-api';

type TVariablesMenuProps = {
  /** Called with the token to insert, e.g. `{{name}}`. */
  onPick: (token: string) => void;
  'data-testid'?: string;
};

const token = (name: string) => `{{${name}}}`;

/** "Variáveis": the built-in variables and the tenant's own, each inserted where the text is being written. */
export const VariablesMenu = ({ onPick, 'data-testid': testId = 'variables-menu' }: TVariablesMenuProps) => {
  const { t } = useTranslation();
  const own = useVariables();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconBraces size={14} />} data-testid={testId}>
          {t('variables.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('variables.builtIn')}</Menu.Label>
        {BUILT_IN_VARIABLES.map((name) => (
          <Menu.Item key={name} onClick={() => onPick(token(name))} data-testid={`variable-${name}`}>
            {token(name)} · {t(`variables.names.${name}`)}
          </Menu.Item>
        ))}
        {(own.data?.length ?? 0) > 0 && <Menu.Label>{t('variables.own')}</Menu.Label>}
        {own.data?.map((variable) => (
          <Menu.Item
            key={variable.id}
            onClick={() => onPick(token(variable.name))}
            data-testid={`variable-${variable.name}`}
          >
            {token(variable.name)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

/** Inserts `text` into a textarea's value at its cursor (or at the end when it has none). */
export const insertAtCursor = (value: string, text: string, element: HTMLTextAreaElement | null): string => {
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? value.length;
  return `${value.slice(0, start)}${text}${value.slice(end)}`;
};
