import type { TProfile } from '@prosa/contracts';

const adminRights = ['admin', 'super', 'superadmin'] as const;
const managers = ['admin', 'superadmin'] as const;

/**
 * What each action on the web needs, as the server's route guards decide it (a button the server would answer
 * with 403 is not shown). One table: screens ask `can(profile, action)` instead of comparing profiles.
 */
export const permissions = {
  /** POST/PUT/DELETE /whatsapp, its session (QR, restart) and proxy. */
  'connections.manage': adminRights,
  /** POST/PUT/DELETE /queue. */
  'queues.manage': managers,
  /** POST/PUT/DELETE /users (tenant users). */
  'users.manage': managers,
  /** Tags, quick replies and closing reasons. */
  'catalog.manage': adminRights,
  /** Deleting, merging, importing and exporting contacts. */
  'contacts.manage': ['admin', 'super', 'supervisor', 'superadmin'],
  /** Deleting a contact together with its tickets (`force`). */
  'contacts.forceDelete': managers,
  /** Shared closing messages. */
  'farewell.share': adminRights,
  /** Business hours, holidays, the absence text and the time zone (PUT /tenants/business-hours ...). */
  'businessHours.manage': managers,
  /** Tenant settings (PUT /settings). */
  'settings.manage': adminRights,
  /** DELETE /tickets/:id. */
  'tickets.delete': adminRights,
  /** Birthday settings per connection and sending today's birthdays now (/birthdays/settings, /messages/sendBirthday). */
  'birthdays.manage': managers,
  /** Keyword auto-replies, their steps and actions (POST/PUT/DELETE /auto-reply, /auto-reply-action). */
  'autoReplies.manage': managers,
  /** Chat flows: create, edit, import, duplicate, delete (/chat-flow...), the tenant's default flow. */
  'chatFlows.manage': managers,
  /** Campaigns and mass sends (/campaigns, /bulk...) and the WhatsApp group tools (/grupo/*): agents get 403 there. */
  'campaigns.manage': ['admin', 'super', 'supervisor', 'superadmin'],
  /** Message templates of an official connection (sync). */
  'templates.manage': adminRights,
} as const satisfies Record<string, readonly TProfile[]>;

export type TAction = keyof typeof permissions;

export const can = (profile: TProfile | null | undefined, action: TAction): boolean =>
  profile != null && (permissions[action] as readonly TProfile[]).includes(profile);
