import {
  Calendar,
  Clock,
  Dices,
  Ellipsis,
  Gauge,
  Globe,
  History,
  type LucideIcon,
  type LucideProps,
  Music,
  Smile,
} from "lucide-react";

/** The catalogue's icon names (spec §3 'Preference group') and the icon drawn for each. */
const icons: Record<string, LucideIcon> = {
  dice: Dices,
  calendar: Calendar,
  clock: Clock,
  globe: Globe,
  music: Music,
  smile: Smile,
  dots: Ellipsis,
  history: History,
  speedometer: Gauge,
};

export function GroupIcon({ name, ...props }: LucideProps & { name: string }) {
  const Icon = icons[name] ?? Music;
  return <Icon aria-hidden {...props} />;
}
