import { Link, List, Stack, Text } from "@chakra-ui/react";
import { Layout } from "../../components/Layout.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { site } from "../../lib/site.ts";

const sections: { title: string; paragraphs: string[] }[] = [
  {
    title: "Why this policy exists",
    paragraphs: [
      "Crate is developed continuously, and many ideas for it are ours or already in the works. To avoid misunderstandings about who owns an idea, feedback and ideas sent to us through the feedback form, by e-mail or in any other way are received only on the terms below.",
    ],
  },
  {
    title: "What you agree to when you send feedback",
    paragraphs: [
      "Your feedback is not confidential, and it is not proprietary to you. We have no duty to keep it secret, to review it, to answer it or to use it.",
      "We may use, change, combine and share your feedback freely, for any purpose and without any payment, credit or other compensation to you, also if something similar is built later.",
      "You confirm that the feedback is your own, that you are allowed to give it, and that it does not contain anyone's trade secrets or other confidential information.",
    ],
  },
  {
    title: "What not to send",
    paragraphs: [
      "Please do not send ideas you want to keep rights to or be paid for, and do not send personal information about other people. If you have such an idea, keep it to yourself: sending it means it falls under this policy.",
    ],
  },
  {
    title: "Your feedback and your data",
    paragraphs: [
      "Feedback is stored with your account and is part of your personal data: you can see it under Settings, My data, and it is deleted when you delete your account.",
    ],
  },
];

/** `/feedback/policy`: the unsolicited idea submission policy. */
export function FeedbackPolicyPage() {
  return (
    <Layout
      width="narrow"
      heading={{
        eyebrow: "Feedback",
        title: "Unsolicited idea submission policy",
        subtitle: "Please read this before you send us feedback or ideas.",
      }}
    >
      <Stack gap="8" data-testid="feedback-policy-text">
        {sections.map((section) => (
          <Stack key={section.title} gap="3">
            <Text as="h2" textStyle="lg" fontWeight="bold">
              {section.title}
            </Text>
            <List.Root gap="2" ps="5" color="fg.muted">
              {section.paragraphs.map((paragraph) => (
                <List.Item key={paragraph}>{paragraph}</List.Item>
              ))}
            </List.Root>
          </Stack>
        ))}
        <Text color="fg.muted">
          Questions about this policy: <Link href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Link>.{" "}
          <AppLink href="/feedback" color="brand.fg">
            Back to feedback
          </AppLink>
        </Text>
      </Stack>
    </Layout>
  );
}
