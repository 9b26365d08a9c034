import { Field, Input, InputGroup, type InputProps } from "@chakra-ui/react";
import { Search } from "lucide-react";

interface FilterInputProps extends Omit<InputProps, "value" | "onChange" | "placeholder"> {
  /** the field's (visually hidden) label, also its placeholder */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field above a filtered list. */
export function FilterInput({ label, value, onChange, ...inputProps }: FilterInputProps) {
  return (
    <Field.Root>
      <Field.Label srOnly>{label}</Field.Label>
      <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
        <Input
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={label}
          borderRadius="lg"
          bg="bg"
          {...inputProps}
        />
      </InputGroup>
    </Field.Root>
  );
}
