import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { campaignTransitions, type TCampaign, type TCampaignAction, type TCampaignStatus } from '@prosa/contracts';
import {
  type Icon,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { DeleteItemModal } from '../../../ui/delete-item-modal';
import { showApiError } from '../../../ui/server-errors';
import { useCampaignAction, useDeleteCampaign } from '../api/campaigns-api';

const actionIcons: Record<TCampaignAction, Icon> = {
  start: IconPlayerPlay,
  pause: IconPlayerPause,
  resume: IconRefresh,
  cancel: IconPlayerStop,
};
const actionColors: Record<TCampaignAction, string> = {
  start: 'positive',
  pause: 'warning',
  resume: 'primary',
  cancel: 'negative',
};
const actionOrder: TCampaignAction[] = ['start', 'pause', 'resume', 'cancel'];

/** The actions the campaign's status allows, as the server's transitions say. */
export const allowedActions = (status: TCampaignStatus): TCampaignAction[] =>
  actionOrder.filter((action) => (campaignTransitions[action] as readonly TCampaignStatus[]).includes(status));

/** Changes are refused while sending (pause first) and once the campaign ended. */
export const canEdit = (status: TCampaignStatus): boolean =>
  status === 'pending' || status === 'scheduled' || status === 'paused';

/** A campaign that is sending or about to send is paused or canceled before it is deleted. */
export const canDelete = (status: TCampaignStatus): boolean => status !== 'processing' && status !== 'scheduled';

type TCampaignActionsProps = {
  campaign: TCampaign;
  /** Icons in a list row, labelled buttons in the campaign's header. */
  variant: 'icons' | 'buttons';
  onEdit: () => void;
  onDeleted?: () => void;
};

/** Iniciar, Pausar, Retomar, Cancelar (confirmed), Editar and Excluir (confirmed), by the campaign's status. */
export const CampaignActions = ({ campaign, variant, onEdit, onDeleted }: TCampaignActionsProps) => {
  const { t } = useTranslation();
  const act = useCampaignAction();
  const remove = useDeleteCampaign();
  const [canceling, setCanceling] = useState(false);
  const [deleting, setDeleting] = useState<TCampaign | null>(null);

  const run = (action: TCampaignAction) =>
    act.mutate(
      { id: campaign.id, action },
      {
        onSuccess: () => {
          notifySuccess(t(`campaigns.done.${action}`));
          setCanceling(false);
        },
        onError: (error) => showApiError(error),
      },
    );
  const onAction = (action: TCampaignAction) => (action === 'cancel' ? setCanceling(true) : run(action));
  const busy = (action: TCampaignAction) => act.isPending && act.variables?.action === action;

  const items: { key: string; label: string; icon: Icon; color: string; onClick: () => void; loading?: boolean }[] = [
    ...allowedActions(campaign.status).map((action) => ({
      key: action,
      label: t(`campaigns.actions.${action}`),
      icon: actionIcons[action],
      color: actionColors[action],
      onClick: () => onAction(action),
      loading: busy(action),
    })),
    ...(canEdit(campaign.status)
      ? [{ key: 'edit', label: t('campaigns.actions.edit'), icon: IconPencil, color: 'primary', onClick: onEdit }]
      : []),
    ...(canDelete(campaign.status)
      ? [
          {
            key: 'delete',
            label: t('campaigns.actions.delete'),
            icon: IconTrash,
            color: 'negative',
            onClick: () => setDeleting(campaign),
          },
        ]
      : []),
  ];

  return (
    <>
      <Group gap={variant === 'icons' ? 4 : 'xs'} justify="flex-end" wrap={variant === 'icons' ? 'nowrap' : 'wrap'}>
        {items.map(({ key, label, icon: ItemIcon, color, onClick, loading }) =>
          variant === 'icons' ? (
            <Tooltip key={key} label={label} withArrow>
              <ActionIcon
                variant="subtle"
                color={color}
                aria-label={label}
                onClick={onClick}
                loading={loading}
                data-testid={`campaign-${key}`}
              >
                <ItemIcon size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              key={key}
              variant={key === 'delete' || key === 'cancel' ? 'light' : 'filled'}
              color={color}
              leftSection={<ItemIcon size={16} />}
              onClick={onClick}
              loading={loading}
              data-testid={`campaign-${key}`}
            >
              {label}
            </Button>
          ),
        )}
      </Group>
      <ConfirmDeleteModal
        opened={canceling}
        title={t('campaigns.cancelTitle')}
        message={t('campaigns.cancelMessage', { name: campaign.name })}
        confirmLabel={t('campaigns.cancelConfirm')}
        loading={busy('cancel')}
        onClose={() => setCanceling(false)}
        onConfirm={() => run('cancel')}
      />
      <DeleteItemModal
        item={deleting}
        title={t('campaigns.deleteTitle')}
        message={t('campaigns.deleteMessage', { name: campaign.name })}
        remove={remove}
        onDeleted={() => {
          notifySuccess(t('campaigns.deleted'));
          onDeleted?.();
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
