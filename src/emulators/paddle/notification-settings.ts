// The notification destination the emulated account has: one `url` destination for the webhook address it posts
// to, subscribed to the events the emulator sends, with its secret (Paddle's notification-setting entity).

/** The event types this emulator sends (webhooks.ts), with the group Paddle files each under. */
const SENT_EVENTS = [
  {
    name: "subscription.created",
    group: "Subscription",
    description: "Occurs when a subscription is created.",
  },
  {
    name: "subscription.updated",
    group: "Subscription",
    description: "Occurs when a subscription is updated.",
  },
  {
    name: "subscription.canceled",
    group: "Subscription",
    description: "Occurs when a subscription is canceled.",
  },
  {
    name: "transaction.completed",
    group: "Transaction",
    description: "Occurs when a transaction is completed.",
  },
  {
    name: "transaction.past_due",
    group: "Transaction",
    description: "Occurs when a transaction becomes past due.",
  },
] as const;

export interface NotificationSettingEntity {
  id: string;
  description: string;
  type: "url" | "email";
  destination: string;
  active: boolean;
  api_version: number;
  include_sensitive_fields: boolean;
  subscribed_events: { name: string; description: string; group: string; available_versions: number[] }[];
  endpoint_secret_key: string;
  traffic_source: "platform" | "simulation" | "all";
}

/** The one destination: `ntfset_` and 26 lowercase letters or digits, as Paddle's ids. */
export function notificationSettingFor(webhookUrl: string, webhookSecret: string): NotificationSettingEntity {
  return {
    id: "ntfset_01crateemulatorwebhook0000",
    description: "Crate",
    type: "url",
    destination: webhookUrl,
    active: true,
    api_version: 1,
    include_sensitive_fields: false,
    subscribed_events: SENT_EVENTS.map((event) => ({ ...event, available_versions: [1] })),
    endpoint_secret_key: webhookSecret,
    traffic_source: "platform",
  };
}
