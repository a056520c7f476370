import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TFlowIssue } from '@prosa/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TImportRefusal = {
  file: string;
  /** The server's (or the parser's) problems; empty with `invalidJson`. */
  issues: TFlowIssue[];
  invalidJson?: boolean;
  /** Step names of the file, by id. */
  stepNames: Map<string, string>;
};

/** Why a file was not imported: not JSON, or the flow's problems as the server listed them (pt-BR). */
export const ImportIssuesModal = ({ refusal, onClose }: { refusal: TImportRefusal | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal opened={refusal !== null} onClose={onClose} title={t('chatFlows.importTitle')} size="lg">
      {refusal && (
        <Stack data-testid="chat-flow-import-issues">
          <Alert color="warning" variant="light" icon={<IconAlertTriangle size={18} />} title={refusal.file}>
            {refusal.invalidJson ? t('chatFlows.importInvalid') : t('chatFlows.importIssues')}
          </Alert>
          {refusal.issues.length > 0 && (
            <List spacing={4} size="sm">
              {refusal.issues.map((issue, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown once, never reordered
                <List.Item key={index}>
                  <Text size="sm">
                    {issue.nodeId && refusal.stepNames.has(issue.nodeId)
                      ? t('chatFlows.importIssueStep', {
                          step: refusal.stepNames.get(issue.nodeId),
                          message: issue.message,
                          interpolation: { escapeValue: false },
                        })
                      : issue.message}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('chatFlows.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
