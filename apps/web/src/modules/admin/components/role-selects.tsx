import { MESSAGES } from '@b2b/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAllRoles } from '../api/get-all-roles';

export type RoleSelection = { standard: string[]; tabbedView: string[] };

/** 'System Roles' and 'Analysis Roles' multi-selects offering only the known role names. */
export function RoleSelects({
  value,
  onChange,
  disabled,
}: {
  value: RoleSelection;
  onChange: (value: RoleSelection) => void;
  disabled?: boolean;
}) {
  const { data } = useAllRoles();
  const select = (key: keyof RoleSelection, label: string) => {
    const options = data?.[key] ?? [];
    return (
      <Autocomplete
        multiple
        disabled={disabled}
        options={options.map((o) => o.role as string)}
        getOptionLabel={(r) => options.find((o) => o.role === r)?.displayName ?? r}
        value={value[key]}
        onChange={(_, v) => onChange({ ...value, [key]: v })}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
    );
  };
  return (
    <Stack spacing={2}>
      {select('standard', MESSAGES.systemRoles)}
      {select('tabbedView', MESSAGES.analysisRoles)}
    </Stack>
  );
}
