import type { Icon } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconApi,
  IconBell,
  IconBrain,
  IconBrandGoogle,
  IconBuildingSkyscraper,
  IconCake,
  IconCalendarEvent,
  IconCertificate,
  IconChartBar,
  IconChecklist,
  IconClock,
  IconCreditCard,
  IconDatabaseExport,
  IconDeviceDesktopAnalytics,
  IconFileCertificate,
  IconFilter,
  IconHeadset,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconListNumbers,
  IconLock,
  IconMail,
  IconMessageBolt,
  IconMessageCheck,
  IconMessageCircle,
  IconMessages,
  IconNetwork,
  IconNotes,
  IconPalette,
  IconPhoneCall,
  IconPlugConnected,
  IconReceipt,
  IconRefresh,
  IconRoad,
  IconRobot,
  IconSend,
  IconSettings,
  IconSitemap,
  IconSpeakerphone,
  IconStack2,
  IconStar,
  IconTags,
  IconTerminal2,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { getScreenStatus, screenStatus, type TFutureWork } from './screen-status';

export type { TFutureWork };

const screenIcons = {
  IconAddressBook,
  IconApi,
  IconBell,
  IconBrain,
  IconBrandGoogle,
  IconBuildingSkyscraper,
  IconCake,
  IconCalendarEvent,
  IconCertificate,
  IconChartBar,
  IconChecklist,
  IconClock,
  IconCreditCard,
  IconDatabaseExport,
  IconDeviceDesktopAnalytics,
  IconFileCertificate,
  IconFilter,
  IconHeadset,
  IconHome,
  IconKey,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconListNumbers,
  IconLock,
  IconMail,
  IconMessageBolt,
  IconMessageCheck,
  IconMessageCircle,
  IconMessages,
  IconNetwork,
  IconNotes,
  IconPalette,
  IconPhoneCall,
  IconPlugConnected,
  IconReceipt,
  IconRefresh,
  IconRoad,
  IconRobot,
  IconSend,
  IconSettings,
  IconSitemap,
  IconSpeakerphone,
  IconStack2,
  IconStar,
  IconTags,
  IconTerminal2,
  IconUsers,
  IconUsersGroup,
} satisfies Record<string, Icon>;

export type TIconName = keyof typeof screenIcons;

export type TScreenMeta = { icon: Icon; future?: TFutureWork };

const withIcon = (name: string): TScreenMeta => {
  const { icon, future } = getScreenStatus(name);
  return future ? { icon: screenIcons[icon], future } : { icon: screenIcons[icon] };
};

/** Icon and status of every named route; screens without `future` are built. */
export const screenMeta: Record<string, TScreenMeta> = Object.fromEntries(
  Object.keys(screenStatus).map((name) => [name, withIcon(name)]),
);

export const getScreenMeta = (name: string): TScreenMeta => withIcon(name);
