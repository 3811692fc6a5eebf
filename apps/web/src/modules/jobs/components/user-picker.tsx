import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';

export type UserOption = { id: string; username: string; displayName: string };

/** Searches users as the person types (the search runs on the server). */
export function UserPicker({
  label,
  queryKey,
  search,
  value,
  onChange,
}: {
  label: string;
  queryKey: readonly unknown[];
  search: (text: string, signal: AbortSignal) => Promise<UserOption[]>;
  value: UserOption | null;
  onChange: (user: UserOption | null) => void;
}) {
  const [input, setInput] = useState('');
  const text = useDeferredValue(input.trim());
  const options = useQuery({
    queryKey: [...queryKey, text],
    queryFn: ({ signal }) => search(text, signal),
  });
  return (
    <Autocomplete
      sx={{ minWidth: 320 }}
      size="small"
      options={options.data ?? []}
      loading={options.isFetching}
      value={value}
      onChange={(_, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(user) => `${user.displayName} (${user.username})`}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
