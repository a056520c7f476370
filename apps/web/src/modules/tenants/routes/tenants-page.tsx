import { Stack, Tabs } from '@mantine/core';
import { IconBuildingSkyscraper, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { AuditLogTable } from '../components/audit-log-table';
import { PlatformSettingsForm } from '../components/platform-settings-form';
import { TenantsPanel } from '../components/tenants-panel';

/** /tenants (superadmin): the companies, and the platform's own settings and audit log. */
export const TenantsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'plataforma' ? 'plataforma' : 'empresas';
  return (
    <>
      <PageHeader title={t('screens.tenants')} icon={IconBuildingSkyscraper} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'plataforma' ? { tab: 'plataforma' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="empresas" leftSection={<IconBuildingSkyscraper size={16} />} data-testid="tab-tenants">
            {t('tenants.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="plataforma" leftSection={<IconSettings size={16} />} data-testid="tab-platform">
            {t('platform.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="empresas">
          <TenantsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="plataforma">
          <Stack gap="md">
            <PlatformSettingsForm />
            <AuditLogTable />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
