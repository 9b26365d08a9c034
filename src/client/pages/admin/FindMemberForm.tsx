import { Field, Input, NativeSelect } from "@chakra-ui/react";
import { Search } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { adminUserPath } from "./format.ts";
import { InlineForm, InlineSubmit } from "./InlineForm.tsx";

type LookupKind = "spotifyId" | "userId";

/** Find a member by the provider's user id or by Crate's user id; opens the user detail. */
export function FindMemberForm() {
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<LookupKind>("spotifyId");
  const [value, setValue] = useState("");
  const id = value.trim();
  return (
    <InlineForm
      onSubmit={() => {
        if (id === "") return;
        navigate(kind === "userId" ? adminUserPath({ userId: id }) : adminUserPath({ spotifyId: id }));
      }}
      data-testid="find-member"
    >
      <Field.Root w={{ md: "44" }} flexShrink={0}>
        <Field.Label>Find member by</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={kind}
            onChange={(event) => setKind(event.target.value === "userId" ? "userId" : "spotifyId")}
            data-testid="find-member-kind"
          >
            <option value="spotifyId">Spotify id</option>
            <option value="userId">User id</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>{kind === "userId" ? "User id (GUID)" : "Spotify user id"}</Field.Label>
        <Input
          size="sm"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={kind === "userId" ? "e.g. 3f2b…" : "e.g. crate-free"}
          data-testid="find-member-id"
        />
      </Field.Root>
      <InlineSubmit disabled={id === ""} data-testid="find-member-submit">
        <Search aria-hidden />
        Find
      </InlineSubmit>
    </InlineForm>
  );
}
