import { Button, Field, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { choicesTexts as texts } from "../../../../shared/explain.ts";
import { trpc } from "../../../api/trpc.ts";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { toaster } from "../../../components/Toaster.tsx";

/** Sets an artist's genres and/or country for this listener's playlists (the server checks the names). */
export function CorrectArtistForm({
  artist,
  onSaved,
}: {
  artist: { id: string; name: string };
  onSaved: () => void;
}) {
  const [genres, setGenres] = useState("");
  const [country, setCountry] = useState("");
  const correct = trpc.explain.correct.useMutation({
    onSuccess: () => {
      toaster.create({ title: texts.saved, type: "success" });
      onSaved();
    },
  });
  const submit = () => {
    const names = genres
      .split(",")
      .map((g) => g.trim())
      .filter((g) => g !== "");
    correct.mutate({
      artistId: artist.id,
      ...(names.length > 0 ? { genres: names } : {}),
      ...(country.trim() !== "" ? { country: country.trim() } : {}),
    });
  };
  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Text fontWeight="semibold" textStyle="sm">
        {texts.correct(artist.name)}
      </Text>
      <Field.Root>
        <Field.Label>{texts.genresLabel}</Field.Label>
        <Input size="sm" value={genres} onChange={(e) => setGenres(e.target.value)} maxLength={300} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{texts.countryLabel}</Field.Label>
        <Input size="sm" value={country} onChange={(e) => setCountry(e.target.value)} maxLength={2} />
      </Field.Root>
      {correct.isError ? <ErrorText error={correct.error} /> : null}
      <Button type="submit" size="sm" alignSelf="start" loading={correct.isPending}>
        {texts.save}
      </Button>
    </Stack>
  );
}
