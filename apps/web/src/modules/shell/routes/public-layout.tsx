import { Box, Center, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from '../components/brand';

/** Layout of the screens outside a session (login, signup, master key, reset) and of OAuth callbacks. */
export const PublicLayout = () => (
  <Box
    mih="100vh"
    style={{
      background:
        'linear-gradient(135deg, var(--mantine-color-primary-0) 0%, var(--mantine-color-body) 55%, var(--mantine-color-secondary-0) 100%)',
    }}
  >
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
        <Stack gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Outlet />
        </Stack>
      </Paper>
    </Center>
  </Box>
);
