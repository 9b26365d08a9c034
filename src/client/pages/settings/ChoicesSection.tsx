import { Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { choicesTexts as texts } from "../../../shared/explain.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { toaster } from "../../components/Toaster.tsx";

/** "Download my choices" and "Load choices": the file is checked and counted first, then applied on request. */
export function ChoicesSection() {
  const utils = trpc.useUtils();
  const [document, setDocument] = useState<Record<string, unknown> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = trpc.explain.loadChoices.useMutation();
  const download = async () => {
    const choices = await utils.explain.choices.fetch();
    const link = window.document.createElement("a");
    link.href = URL.createObjectURL(
      new Blob([JSON.stringify(choices, null, 2)], { type: "application/json" }),
    );
    link.download = "crate-choices.json";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const pick = async (file: File | undefined) => {
    setProblem(null);
    setDocument(null);
    load.reset();
    if (!file) return;
    try {
      const parsed: unknown = JSON.parse(await file.text());
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
      setDocument(parsed as Record<string, unknown>);
      load.mutate({ document: parsed as Record<string, unknown>, dryRun: true });
    } catch {
      setProblem(texts.notJson);
    }
  };
  const apply = () => {
    if (!document) return;
    load.mutate(
      { document, dryRun: false },
      {
        onSuccess: () => {
          toaster.create({ title: texts.applied, type: "success" });
          setDocument(null);
          void utils.invalidate();
        },
      },
    );
  };
  const preview = document && load.data && load.variables?.dryRun ? load.data.changed : null;
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
      <Card.Body gap="4" p={{ base: "5", md: "8" }}>
        <Stack gap="1">
          <Text as="h2" textStyle="xl" fontWeight="bold">
            {texts.title}
          </Text>
          <Text color="fg.muted" textStyle="sm">
            {texts.help}
          </Text>
        </Stack>
        <HStack wrap="wrap" gap="3">
          <Button variant="outline" onClick={() => void download()}>
            {texts.download}
          </Button>
          <Button variant="outline" asChild>
            <label>
              {texts.load}
              <input
                type="file"
                accept="application/json,.json"
                aria-label={texts.fileLabel}
                hidden
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </label>
          </Button>
        </HStack>
        {problem ? <Text color="fg.error">{problem}</Text> : null}
        {load.isError ? <ErrorText error={load.error} /> : null}
        {preview ? (
          <Stack gap="2" data-testid="choices-preview">
            <Text>{texts.preview(preview)}</Text>
            <Button alignSelf="start" onClick={apply} loading={load.isPending}>
              {texts.apply}
            </Button>
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
