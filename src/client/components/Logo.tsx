import { HStack, Text } from "@chakra-ui/react";
import { useId } from "react";

/** Crate's mark: records standing in a crate. */
export function LogoMark({ size = 30 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#ff7a3f" />
          <stop offset="55%" stopColor="#ec4899" />
          <stop offset="100%" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <rect x="6" y="4" width="5" height="17" rx="2.5" fill={`url(#${gradientId})`} opacity="0.75" />
      <rect x="13.5" y="2" width="5" height="19" rx="2.5" fill={`url(#${gradientId})`} />
      <rect x="21" y="6" width="5" height="15" rx="2.5" fill={`url(#${gradientId})`} opacity="0.55" />
      <path
        d="M3 15.5h26v9.5a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4z"
        fill="none"
        stroke={`url(#${gradientId})`}
        strokeWidth="2.6"
        strokeLinejoin="round"
      />
      <path d="M9 22.5h14" stroke={`url(#${gradientId})`} strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <HStack gap="2.5">
      <LogoMark />
      <Text as="span" fontWeight="800" fontSize="xl" letterSpacing="-0.03em" color="fg">
        Crate
      </Text>
    </HStack>
  );
}
