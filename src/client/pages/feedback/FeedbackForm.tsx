import { Button, Checkbox, Field, HStack, Stack, Text, Textarea } from "@chakra-ui/react";
import { Send } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { messages } from "../../../shared/errors.ts";
import { limits } from "../../../shared/limits.ts";
import { droppedFromFeedback, filterFeedback } from "../../../shared/schemas/feedback.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { AppLink } from "../../components/RouterLink.tsx";

/**
 * The feedback form. Only letters, digits, space and . , ? ! - are kept as typed, up to 200 characters.
 * Sending needs some text and the policy box checked; a refusal shows the server's error text.
 */
export function FeedbackForm() {
  const [, navigate] = useLocation();
  const [text, setText] = useState("");
  const [acceptedPolicy, setAcceptedPolicy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** the characters typed or pasted into the box that it did not keep (since it was last empty) */
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const send = trpc.feedback.submit.useMutation({ onSuccess: () => navigate("/feedback/success") });

  const submit = () => {
    if (send.isPending) return;
    if (text.trim() === "") return setProblem(messages.feedbackEmpty);
    if (!acceptedPolicy) return setProblem(messages.feedbackPolicy);
    setProblem(null);
    send.mutate({ feedback: text });
  };
  const length = [...text].length;

  return (
    <Stack
      as="form"
      gap="5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="feedback-form"
    >
      <Field.Root>
        <Field.Label fontWeight="semibold">Your feedback</Field.Label>
        <Textarea
          value={text}
          onChange={(event) => {
            const kept = filterFeedback(event.target.value);
            const dropped = droppedFromFeedback(event.target.value);
            setText(kept);
            setLeftOut((before) =>
              kept === "" && dropped.length === 0 ? [] : [...new Set([...before, ...dropped])],
            );
            setProblem(null);
          }}
          placeholder="What should Crate do better?"
          rows={5}
          name="feedback"
          borderRadius="xl"
          data-testid="feedback-text"
        />
        <HStack justify="space-between" w="full">
          <Field.HelperText aria-live="polite" data-testid="feedback-kept">
            {leftOut.length > 0
              ? `Left out ${leftOut.map((ch) => (ch.trim() === "" ? "a line break or tab" : ch)).join(" ")}: only letters, digits, spaces and . , ? ! - are kept.`
              : "Letters, digits, spaces and . , ? ! - only."}
          </Field.HelperText>
          <Text textStyle="xs" color="fg.muted" data-testid="feedback-count">
            {length} / {limits.feedbackMaxLength}
          </Text>
        </HStack>
      </Field.Root>
      <Stack gap="2">
        <Checkbox.Root
          colorPalette="brand"
          checked={acceptedPolicy}
          onCheckedChange={(details) => {
            setAcceptedPolicy(details.checked === true);
            setProblem(null);
          }}
          data-testid="feedback-policy"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>I have read and accept the unsolicited idea submission policy.</Checkbox.Label>
        </Checkbox.Root>
        <AppLink href="/feedback/policy" color="brand.fg" textStyle="sm" ps="7">
          Read the submission policy
        </AppLink>
      </Stack>
      {problem ? <ErrorText text={problem} /> : null}
      {send.isError ? <ErrorText error={send.error} /> : null}
      <HStack>
        <Button type="submit" colorPalette="brand" loading={send.isPending} data-testid="feedback-send">
          <Send aria-hidden />
          Send feedback
        </Button>
      </HStack>
    </Stack>
  );
}
