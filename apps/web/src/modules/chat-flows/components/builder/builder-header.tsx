import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Popover,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { TFlowIssue } from '@prosa/contracts';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconDownload,
  IconMessageChatbot,
  IconPhone,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TSaveStatus } from './use-flow-autosave';

type TProps = {
  name: string;
  isActive: boolean;
  celularTeste: string | null;
  status: TSaveStatus;
  issues: TFlowIssue[];
  onRename: (name: string) => void;
  onActiveChange: (isActive: boolean) => void;
  onIssueClick: (nodeId: string | null) => void;
  /** The name a node is shown by in the problem list. */
  nodeLabel: (nodeId: string) => string;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  simulating: boolean;
  onSimulate?: () => void;
  onExport: () => void;
};

const statusColor: Record<TSaveStatus, string> = { saved: 'green', saving: 'blue', unsaved: 'yellow', error: 'red' };

/** The name, whether it is saved, what keeps it from saving, and the flow-wide actions. */
export const BuilderHeader = (props: TProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState(props.name);
  useEffect(() => setName(props.name), [props.name]);
  const rename = () => {
    const next = name.trim();
    if (next && next !== props.name) props.onRename(next);
    else setName(props.name);
  };

  return (
    <Group
      justify="space-between"
      px="md"
      py="xs"
      gap="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="flow-builder-header"
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Tooltip label={t('chatFlowBuilder.back')}>
          <ActionIcon component={Link} to="/chat-flow" variant="subtle" aria-label={t('chatFlowBuilder.back')}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <TextInput
          aria-label={t('chatFlowBuilder.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={rename}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
          variant="unstyled"
          fw={600}
          size="md"
          maw={320}
          style={{ flex: 1 }}
          data-testid="flow-builder-name"
        />
        <Badge variant="light" color={statusColor[props.status]} data-testid="flow-save-status">
          {t(`chatFlowBuilder.status.${props.status}`)}
        </Badge>
        {props.issues.length > 0 && (
          <Popover position="bottom-start" withArrow shadow="md" width={360}>
            <Popover.Target>
              <Badge
                component="button"
                color="red"
                variant="filled"
                leftSection={<IconAlertTriangle size={12} />}
                style={{ cursor: 'pointer' }}
                data-testid="flow-issues-badge"
              >
                {t('chatFlowBuilder.issues', { count: props.issues.length })}
              </Badge>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="xs" c="dimmed" mb={6}>
                {t('chatFlowBuilder.issuesHint')}
              </Text>
              <Stack gap={4} data-testid="flow-issues-list">
                {props.issues.map((issue) => (
                  <UnstyledButton
                    key={`${issue.path}:${issue.message}`}
                    onClick={() => props.onIssueClick(issue.nodeId)}
                    fz="sm"
                    data-testid="flow-issue"
                  >
                    <Text span fw={600} size="sm">
                      {issue.nodeId ? props.nodeLabel(issue.nodeId) : t('chatFlowBuilder.wholeFlow')}
                    </Text>
                    {': '}
                    {issue.message}
                  </UnstyledButton>
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {props.celularTeste && (
          <Tooltip label={t('chatFlowBuilder.testPhoneHint')} multiline w={260}>
            <Badge color="orange" variant="light" leftSection={<IconPhone size={12} />} data-testid="flow-test-phone">
              {t('chatFlowBuilder.testPhone', { phone: props.celularTeste })}
            </Badge>
          </Tooltip>
        )}
        <Switch
          label={t('chatFlowBuilder.active')}
          checked={props.isActive}
          onChange={(e) => props.onActiveChange(e.currentTarget.checked)}
          data-testid="flow-active-switch"
        />
        <Tooltip label={t('chatFlowBuilder.undo')}>
          <ActionIcon
            variant="default"
            disabled={!props.canUndo}
            onClick={props.onUndo}
            aria-label={t('chatFlowBuilder.undo')}
            data-testid="flow-undo"
          >
            <IconArrowBackUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('chatFlowBuilder.redo')}>
          <ActionIcon
            variant="default"
            disabled={!props.canRedo}
            onClick={props.onRedo}
            aria-label={t('chatFlowBuilder.redo')}
            data-testid="flow-redo"
          >
            <IconArrowForwardUp size={16} />
          </ActionIcon>
        </Tooltip>
        {props.onSimulate && (
          <Button
            size="xs"
            variant={props.simulating ? 'filled' : 'light'}
            leftSection={<IconMessageChatbot size={16} />}
            onClick={props.onSimulate}
            data-testid="flow-simulate"
          >
            {t('chatFlowBuilder.simulate')}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={props.onExport}
          data-testid="flow-export"
        >
          {t('chatFlowBuilder.export')}
        </Button>
      </Group>
    </Group>
  );
};
